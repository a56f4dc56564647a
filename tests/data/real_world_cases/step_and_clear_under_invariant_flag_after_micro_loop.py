"""Step and clear under `if not self._optimizer_in_bwd:` after a loop of backward micro-batches.

Seen in pytorch/torchtune recipes/ppo_full_finetune_single_device.py (train):
the optimizer is cleared once before training; for each mini-batch an inner
loop over backward batches calls `self.ppo_step(...)` (a method doing
`loss.backward()`), then `if not self._optimizer_in_bwd:
self._optimizer.step(); self._optimizer.zero_grad(set_to_none=True)` (with
the flag set, the step happens in backward hooks). The flag is set in
`__init__` and never in the loop: every iteration takes the same branch
(RULES.md "Correlated conditions"), so no step sees gradients left by an
iteration that skipped the clear.
"""
# expect: clean
import torch


class Recipe:
    def __init__(self, cfg):
        self._optimizer_in_bwd = cfg.optimizer_in_bwd
        self._model = torch.nn.Linear(4, 1)
        self._optimizer = torch.optim.AdamW(self._model.parameters())

    def ppo_step(self, batch):
        loss = self._model(batch).pow(2).mean() / 4
        loss.backward()
        return loss.item()

    def train(self, batches):
        if not self._optimizer_in_bwd:
            self._optimizer.zero_grad()
        for _ in range(2):
            for mini_batch in batches:
                for j in range(0, 8, 2):
                    self.ppo_step(mini_batch[j : j + 2])
                if not self._optimizer_in_bwd:
                    self._optimizer.step()
                    self._optimizer.zero_grad(set_to_none=True)
