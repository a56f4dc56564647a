# expect: ZG104 31:13
# expect: ZG104 35:9
"""The learner module: both losses come from losses.py, then the temperature's update, then the policy's. The policy's
clear runs after the forward that built its loss and before its backward (the temperature's backward between them
reaches the policy only through a detached value, so the clear could sit at the top of the update)."""

import torch

from losses import actor_losses


class Learner:
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
