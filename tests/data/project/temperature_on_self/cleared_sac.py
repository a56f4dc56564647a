# expect: clean
"""The clean twin: the temperature's optimizer is cleared before its loss reads `self.log_alpha` (d3rlpy's
`update_temp` order)."""

import torch

import ptu


class ClearedSACTrainer:
    def __init__(self, policy, target_entropy=-2.0, lr=3e-4):
        self.policy = policy
        self.target_entropy = target_entropy
        self.log_alpha = ptu.zeros(1, requires_grad=True)
        self.alpha_optimizer = torch.optim.Adam([self.log_alpha], lr=lr)
        self.policy_optimizer = torch.optim.Adam(self.policy.parameters(), lr=lr)

    def train_from_torch(self, obs):
        self.policy_optimizer.zero_grad()
        actions = self.policy(obs)
        log_pi = -(actions ** 2).sum(dim=1, keepdim=True)
        policy_loss = (self.log_alpha.exp().detach() * log_pi).mean()
        policy_loss.backward()
        self.policy_optimizer.step()

        self.alpha_optimizer.zero_grad()
        alpha_loss = -(self.log_alpha * (log_pi + self.target_entropy).detach()).mean()
        alpha_loss.backward()
        self.alpha_optimizer.step()
