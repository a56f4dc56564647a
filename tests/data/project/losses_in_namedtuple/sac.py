# expect: ZG104 34:9
"""A SAC trainer in rail-berkeley/rlkit's shape (sac.py): `compute_loss` runs the policy and the critic and returns
the losses in a namedtuple, `train_from_torch` then updates the policy and the critic from its fields. The policy's
clear follows the forward of its loss (opt-in ZG104); the critic's clear follows the policy's backward, which fills
the critic's gradients through `self.qf(obs, new_actions)`, and must stay there (not reported). Once missed:
`losses.policy_loss`, a field of the namedtuple the helper returns, was followed to no assignment; a field nothing
assigned is now read as what its object holds (`facts.forward_feeds`): `losses`, the helper's forward."""

from collections import namedtuple

import torch

SACLosses = namedtuple("SACLosses", "policy_loss qf_loss")


class SACTrainer:
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
        losses = self.compute_loss(obs, actions, q_target)

        self.policy_optimizer.zero_grad()
        losses.policy_loss.backward()
        self.policy_optimizer.step()

        self.qf_optimizer.zero_grad()
        losses.qf_loss.backward()
        self.qf_optimizer.step()
