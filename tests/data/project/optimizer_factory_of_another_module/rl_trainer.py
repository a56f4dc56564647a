# expect: ZG105 34:21
"""An RL trainer in alpaca_farm's shape before 19fb391 (written here): its method `create_optimizer` builds the optimizer
through the factory of trainer_utils.py (a function of that module, not this method of the same name) over the policy,
and prepares it; the PPO epochs run inside `accelerator.accumulate(self.policy)`, which defers the prepared optimizer's
`step()` and `zero_grad()`, but `self.policy.zero_grad()` is the model's own clear: only the last micro-batch reaches
each real step (ZG105). The twin fixed_rl_trainer.py clears through the optimizer."""

import trainer_utils


class RLTrainer:
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
                    self.policy.zero_grad(set_to_none=True)

    def train(self, loader, steps):
        self.create_optimizer()
        for _ in range(steps):
            self.step_with_rollouts(loader)
