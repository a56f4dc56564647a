# expect: clean
"""The PPO trainer: the base's loop over rollouts, its loss from the policy's forward."""

import torch

from .rl_trainer import RLTrainer


class PPOTrainer(RLTrainer):
    def compute_loss(self, rollouts):
        logprobs = self.policy(rollouts["queries"], rollouts["responses"])
        ratio = torch.exp(logprobs - rollouts["logprobs"])
        clipped = torch.clamp(ratio, 1.0 - self.args.cliprange, 1.0 + self.args.cliprange)
        return torch.maximum(-rollouts["advantages"] * ratio, -rollouts["advantages"] * clipped).mean()
