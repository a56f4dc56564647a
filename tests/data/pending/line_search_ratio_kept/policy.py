# expect: clean
"""An actor-critic policy holder (not a module) in marlbenchmark/on-policy's HATRPO shape: the critic has an
optimizer, the actor is moved by a trust-region step of its own."""

import torch
import torch.nn as nn


class Actor(nn.Module):
    def __init__(self):
        super().__init__()
        self.net = nn.Linear(8, 4)

    def evaluate_actions(self, obs, actions):
        return torch.log_softmax(self.net(obs), -1).gather(1, actions)


class Policy:
    def __init__(self, lr=1e-3):
        self.actor = Actor()
        self.critic = nn.Linear(8, 1)
        self.critic_optimizer = torch.optim.Adam(self.critic.parameters(), lr=lr)

    def evaluate_actions(self, obs, actions):
        return self.critic(obs), self.actor.evaluate_actions(obs, actions)
