# expect: clean
"""The PPO subclass: its loss, from the policy's forward, run by the base class's loop of rl_trainer.py."""

from rl_trainer import RLTrainer


class PPOTrainer(RLTrainer):
    def compute_loss(self, rollouts_batch):
        logprobs = self.policy(rollouts_batch["queries"])
        return -(logprobs * rollouts_batch["advantages"]).mean()
