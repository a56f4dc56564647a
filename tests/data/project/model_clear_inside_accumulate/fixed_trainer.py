# expect: clean
"""The fixed twin: the same loop clears through the prepared optimizer, whose `zero_grad()` Accelerate defers with
its `step()` until the micro-batches are accumulated."""

import torch


class FixedRLTrainer:
    def __init__(self, accelerator, policy, optimizer, noptepochs=2):
        self.accelerator = accelerator
        self.policy = policy
        self.optimizer = optimizer
        self.noptepochs = noptepochs

    def compute_loss(self, rollouts_batch):
        return self.policy(rollouts_batch).mean()

    def step_with_rollouts(self, rollouts_dataloader):
        for epoch_idx in range(self.noptepochs):
            for rollouts_batch in rollouts_dataloader:
                with self.accelerator.accumulate(self.policy):
                    loss = self.compute_loss(rollouts_batch)
                    self.accelerator.backward(loss)
                    if self.accelerator.sync_gradients:
                        self.accelerator.clip_grad_norm_(self.policy.parameters(), 1.0)
                    self.optimizer.step()
                    self.optimizer.zero_grad(set_to_none=True)
