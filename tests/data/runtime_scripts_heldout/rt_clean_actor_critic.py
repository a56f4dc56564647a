"""Runnable, correct actor-critic: each optimizer cleared, backward, stepped; the advantage is detached.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: clean
import torch
from torch import nn

torch.manual_seed(0)
actor = nn.Linear(4, 2)
critic = nn.Linear(4, 1)
actor_opt = torch.optim.Adam(actor.parameters(), lr=1e-3)
critic_opt = torch.optim.Adam(critic.parameters(), lr=1e-3)
for _ in range(4):
    states = torch.randn(8, 4)
    returns = torch.randn(8)
    critic_opt.zero_grad()
    value_loss = (critic(states).squeeze(-1) - returns).pow(2).mean()
    value_loss.backward()
    critic_opt.step()
    actor_opt.zero_grad()
    advantage = (returns - critic(states).squeeze(-1)).detach()
    policy_loss = -(actor(states).log_softmax(-1)[:, 0] * advantage).mean()
    policy_loss.backward()
    actor_opt.step()
