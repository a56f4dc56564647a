"""Two optimizers: the first steps after its own backward, before the second loss's backward.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: clean
import torch
from torch import nn

actor = nn.Linear(4, 2)
critic = nn.Linear(4, 1)
actor_opt = torch.optim.Adam(actor.parameters())
critic_opt = torch.optim.Adam(critic.parameters())


def update(batches):
    for states, returns in batches:
        critic_opt.zero_grad()
        value_loss = (critic(states).squeeze(-1) - returns).pow(2).mean()
        value_loss.backward()
        critic_opt.step()
        actor_opt.zero_grad()
        advantage = (returns - critic(states).squeeze(-1)).detach()
        policy_loss = -(actor(states).log_softmax(-1)[:, 0] * advantage).mean()
        policy_loss.backward()
        actor_opt.step()
