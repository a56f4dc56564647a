# expect: ZG105 35:21
"""The RL trainer's base (alpaca_farm's rl_trainer.py before 19fb391, written here): the PPO epochs over fixed rollouts
run each micro-batch inside `accelerator.accumulate(self.policy)`, which defers the prepared optimizer's `step()` and
`zero_grad()` to the window's last micro-batch; `self.policy.zero_grad(set_to_none=True)` is the model's own clear,
which Accelerate does not defer: it runs after every micro-batch and only the last one reaches each real step."""

import torch

from .. import trainer_utils


class RLTrainer:
    def __init__(self, args, policy, accelerator, optimizer=None):
        self.args = args
        self.policy = policy
        self.accelerator = accelerator
        self.optimizer = optimizer

    def compute_loss(self, rollouts):
        raise NotImplementedError

    def create_optimizer(self):
        optimizer = trainer_utils.create_optimizer(args=self.args, model=self.policy, optimizer=self.optimizer)
        self.optimizer = self.accelerator.prepare(optimizer)

    def step_with_rollouts(self, loader):
        for epoch in range(self.args.noptepochs):
            for batch in loader:
                with self.accelerator.accumulate(self.policy):
                    loss = self.compute_loss(batch)
                    self.accelerator.backward(loss)
                    if self.accelerator.sync_gradients:
                        self.accelerator.clip_grad_norm_(self.policy.parameters(), self.args.max_grad_norm)
                    self.optimizer.step()
                    self.policy.zero_grad(set_to_none=True)

    def train(self, loader, steps):
        self.create_optimizer()
        for _ in range(steps):
            self.step_with_rollouts(loader)
