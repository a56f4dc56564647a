"""`opt = self.optimizers()` fetched after the forward, then clear, manual backward, step.

Seen in Lightning-AI/pytorch-lightning tests (tests_pytorch/callbacks/
test_model_checkpoint_manual_opt.py, models/test_hooks.py, loops/test_fetchers.py,
strategies/test_deepspeed.py): `training_step` computes the loss, then
`opt = self.optimizers()`, `opt.zero_grad()`, `self.manual_backward(loss)`,
`opt.step()`. The clear runs after the forward and before the backward:
ZG104 (opt-in), reported at the clear (RULES.md "Where each report points").
Fetching the optimizer is not a clear; on 4ab1308 the report pointed at
`opt = self.optimizers()` instead (fixed in d70929a).
"""
# expect: ZG104 26:9
import torch


class ManualModule(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.layer = torch.nn.Linear(4, 2)
        self.automatic_optimization = False

    def training_step(self, batch, batch_idx):
        out = self.layer(batch[0])
        loss = torch.nn.functional.mse_loss(out, batch[1])
        opt = self.optimizers()
        opt.zero_grad()
        self.manual_backward(loss)
        opt.step()
        return loss
