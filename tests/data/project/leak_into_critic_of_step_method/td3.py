# expect: ZG104 27:9
# expect: ZG104 32:9
"""The twin: the critic is updated first, then the policy, whose loss is computed after the critic's update. Nothing
backpropagated before the critic's clear, and the critic's loss does not reach the policy: both clears follow the
forward of their own loss and could sit at the top of the update (opt-in ZG104 on each; the policy's backward fills
the critic's gradients after the critic's step, and the next update's clear drops them before the critic's backward,
as a clear at its top would)."""

import torch

from base import TorchTrainer


class TD3Trainer(TorchTrainer):
    def __init__(self, policy, qf, lr=1e-3):
        super().__init__()
        self.policy = policy
        self.qf = qf
        self.policy_optimizer = torch.optim.Adam(self.policy.parameters(), lr=lr)
        self.qf_optimizer = torch.optim.Adam(self.qf.parameters(), lr=lr)

    def train_from_torch(self, batch):
        obs, actions, q_target = batch
        q_pred = self.qf(obs, actions)
        qf_loss = ((q_pred - q_target) ** 2).mean()

        self.qf_optimizer.zero_grad()
        qf_loss.backward()
        self.qf_optimizer.step()

        policy_loss = -self.qf(obs, self.policy(obs)).mean()
        self.policy_optimizer.zero_grad()
        policy_loss.backward()
        self.policy_optimizer.step()
