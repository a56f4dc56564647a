"""`self.policy.zero_grad()` inside `with self.accelerator.accumulate(self.policy):`, the optimizer handed in.

tatsu-lab/alpaca_farm's RL trainer before its "fix zero grad bug" (19fb391): the trainer is handed its policy and an
optimizer the script built from the policy's parameters and prepared. Accelerate defers only the prepared optimizer's
`step()` and `zero_grad()` until `sync_gradients`; the policy's own `zero_grad()` runs after every micro-batch, so
each real step sees the last micro-batch alone (RULES.md ZG105). The optimizer's model is read where the script built
it: the clear covers it. The twin, `clean105_optimizer_clear_inside_accumulate_optimizer_handed.py`, clears through the
optimizer.
"""
# expect: ZG105 29:21
import torch
from accelerate import Accelerator


class RLTrainer:
    def __init__(self, accelerator, policy, optimizer, noptepochs=2):
        self.accelerator = accelerator
        self.policy = policy
        self.optimizer = optimizer
        self.noptepochs = noptepochs

    def step_with_rollouts(self, rollouts_dataloader):
        for epoch_idx in range(self.noptepochs):
            for rollouts_batch in rollouts_dataloader:
                with self.accelerator.accumulate(self.policy):
                    loss = -(self.policy(rollouts_batch["queries"]) * rollouts_batch["advantages"]).mean()
                    self.accelerator.backward(loss)
                    self.optimizer.step()
                    self.policy.zero_grad(set_to_none=True)


def main(policy, rollouts_dataloader, gradient_accumulation_steps=4):
    accelerator = Accelerator(gradient_accumulation_steps=gradient_accumulation_steps)
    optimizer = torch.optim.AdamW(policy.parameters(), lr=1e-6)
    policy, optimizer = accelerator.prepare(policy, optimizer)
    trainer = RLTrainer(accelerator, policy, optimizer)
    trainer.step_with_rollouts(rollouts_dataloader)
