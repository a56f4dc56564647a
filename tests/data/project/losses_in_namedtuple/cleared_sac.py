# expect: clean
"""The clean twin: the policy's optimizer is cleared before `compute_loss` runs the forward passes."""

from collections import namedtuple

import torch

SACLosses = namedtuple("SACLosses", "policy_loss qf_loss")


class ClearedSACTrainer:
    def __init__(self, policy, qf, lr=3e-4):
        self.policy = policy
        self.qf = qf
        self.policy_optimizer = torch.optim.Adam(self.policy.parameters(), lr=lr)
        self.qf_optimizer = torch.optim.Adam(self.qf.parameters(), lr=lr)

    def compute_loss(self, obs, actions, q_target):
        new_actions = self.policy(obs)
        policy_loss = -self.qf(torch.cat([obs, new_actions], 1)).mean()
        q_pred = self.qf(torch.cat([obs, actions], 1))
        qf_loss = ((q_pred - q_target) ** 2).mean()
        return SACLosses(policy_loss=policy_loss, qf_loss=qf_loss)

    def train_from_torch(self, batch):
        obs, actions, q_target = batch
        self.policy_optimizer.zero_grad()
        losses = self.compute_loss(obs, actions, q_target)
        losses.policy_loss.backward()
        self.policy_optimizer.step()

        self.qf_optimizer.zero_grad()
        losses.qf_loss.backward()
        self.qf_optimizer.step()
