"""`self.optimizer.zero_grad()` inside `with self.accelerator.accumulate(self.policy):`, the optimizer handed in.

The twin of `accelerate_model_clear_inside_accumulate_optimizer_handed.py` (tatsu-lab/alpaca_farm's fix 19fb391): the
clear goes through the prepared optimizer, which Accelerate defers with its `step()` until the micro-batches are
accumulated (RULES.md ZG105: only the prepared optimizer's own clear is skipped on accumulation steps).
"""
# expect: clean
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
                    self.optimizer.zero_grad(set_to_none=True)


def main(policy, rollouts_dataloader, gradient_accumulation_steps=4):
    accelerator = Accelerator(gradient_accumulation_steps=gradient_accumulation_steps)
    optimizer = torch.optim.AdamW(policy.parameters(), lr=1e-6)
    policy, optimizer = accelerator.prepare(policy, optimizer)
    trainer = RLTrainer(accelerator, policy, optimizer)
    trainer.step_with_rollouts(rollouts_dataloader)
