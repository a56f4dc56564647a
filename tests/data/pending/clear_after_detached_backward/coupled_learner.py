# expect: ZG104 29:13
"""The twin: the temperature's backward fills the policy's gradients too, so the policy's clear must sit after it
(only the temperature's clear is reported)."""

import torch

from coupled_losses import actor_losses


class CoupledLearner:
    def __init__(self, policy, critic, target_entropy, lr=3e-4):
        self.policy = policy
        self.critic = critic
        self.target_entropy = target_entropy
        self.log_alpha = torch.zeros(1, requires_grad=True)
        self.policy_optimizer = torch.optim.Adam(policy.parameters(), lr=lr)
        self.alpha_optimizer = torch.optim.Adam([self.log_alpha], lr=lr)

    def optimize(self, replay, updates):
        for _ in range(updates):
            observations = replay.sample()
            self.update_actor(observations)

    def update_actor(self, observations):
        policy_loss, alpha_loss = actor_losses(
            self.policy, self.critic, self.log_alpha, self.target_entropy, observations
        )
        if alpha_loss is not None:
            self.alpha_optimizer.zero_grad()
            alpha_loss.backward()
            self.alpha_optimizer.step()

        self.policy_optimizer.zero_grad()
        policy_loss.backward()
        self.policy_optimizer.step()
