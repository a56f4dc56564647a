# expect: ZG105 30:21
"""An RLHF trainer's base class in tatsu-lab/alpaca_farm's shape (before its "fix zero grad bug"): the PPO epochs run
inside `accelerator.accumulate(self.policy)`, which defers the prepared optimizer's `step()` and `zero_grad()` until
`sync_gradients`; but the clear is the policy model's own `zero_grad`, which Accelerate does not defer: it runs
after every micro-batch, so each real step sees only the last micro-batch's gradient (ZG105 on the clear). Which model
the handed optimizer steps is known in train.py, the script that builds it and runs this loop."""

import torch


class RLTrainer:
    def __init__(self, accelerator, policy, optimizer, noptepochs=2):
        self.accelerator = accelerator
        self.policy = policy
        self.optimizer = optimizer
        self.noptepochs = noptepochs

    def compute_loss(self, rollouts_batch):
        raise NotImplementedError

    def step_with_rollouts(self, rollouts_dataloader):
        for epoch_idx in range(self.noptepochs):
            for rollouts_batch in rollouts_dataloader:
                with self.accelerator.accumulate(self.policy):
                    loss = self.compute_loss(rollouts_batch)
                    self.accelerator.backward(loss)
                    if self.accelerator.sync_gradients:
                        self.accelerator.clip_grad_norm_(self.policy.parameters(), 1.0)
                    self.optimizer.step()
                    self.policy.zero_grad(set_to_none=True)

    def train(self, queries, steps):
        for step_idx in range(steps):
            self.step_with_rollouts(self.rollout(queries))

    def rollout(self, queries):
        with torch.no_grad():
            return [self.policy(q) for q in queries]
