# expect: clean
"""The fixed twin of rl_trainer.py (alpaca_farm's 19fb391): the same loop clears through the prepared optimizer the
factory built, whose `zero_grad()` Accelerate defers with its `step()` until the micro-batches are accumulated."""

import trainer_utils


class FixedRLTrainer:
    def __init__(self, args, policy, accelerator):
        self.args = args
        self.policy = policy
        self.accelerator = accelerator

    def compute_loss(self, rollouts):
        logprobs = self.policy(rollouts["queries"], rollouts["responses"])
        return -(logprobs * rollouts["advantages"]).mean()

    def create_optimizer(self):
        optimizer = trainer_utils.create_optimizer(args=self.args, model=self.policy)
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
                    self.optimizer.zero_grad(set_to_none=True)

    def train(self, loader, steps):
        self.create_optimizer()
        for _ in range(steps):
            self.step_with_rollouts(loader)
