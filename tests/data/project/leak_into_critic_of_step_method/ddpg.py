# expect: ZG104 29:9
"""A DDPG update in rlkit's shape (ddpg.py): the networks are handed to `__init__` and kept on `self`, both losses are
computed first, then the policy's update and the critic's. The policy's loss runs through the critic
(`-self.qf(obs, self.policy(obs))`), so its backward fills the critic's gradients: the critic's clear after it drops
them and must stay there (at the top of the update they would reach the critic's step). Only the policy's clear,
after the forward of its loss, is reported (opt-in ZG104); the leak is seen though the loss calls `self.qf` and the
critic's optimizer is built from the parameter `qf` that `__init__` kept as `self.qf`."""

import torch

from base import TorchTrainer


class DDPGTrainer(TorchTrainer):
    def __init__(self, policy, qf, lr=1e-3):
        super().__init__()
        self.policy = policy
        self.qf = qf
        self.policy_optimizer = torch.optim.Adam(self.policy.parameters(), lr=lr)
        self.qf_optimizer = torch.optim.Adam(self.qf.parameters(), lr=lr)

    def train_from_torch(self, batch):
        obs, actions, q_target = batch
        policy_actions = self.policy(obs)
        policy_loss = -self.qf(obs, policy_actions).mean()
        q_pred = self.qf(obs, actions)
        qf_loss = ((q_pred - q_target) ** 2).mean()

        self.policy_optimizer.zero_grad()
        policy_loss.backward()
        self.policy_optimizer.step()

        self.qf_optimizer.zero_grad()
        qf_loss.backward()
        self.qf_optimizer.step()
