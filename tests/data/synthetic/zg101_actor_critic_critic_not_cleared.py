"""Actor-critic: the actor's optimizer is cleared, the critic's never.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: ZG101 26:9
import torch
from torch import nn

actor = nn.Linear(4, 2)
critic = nn.Linear(4, 1)
actor_opt = torch.optim.Adam(actor.parameters(), lr=1e-3)
critic_opt = torch.optim.Adam(critic.parameters(), lr=1e-3)


def update(states, actions, returns):
    for _ in range(4):
        actor_opt.zero_grad()
        values = critic(states).squeeze(-1)
        advantage = returns - values.detach()
        logp = torch.log_softmax(actor(states), -1).gather(1, actions[:, None]).squeeze(-1)
        actor_loss = -(logp * advantage).mean()
        critic_loss = (returns - values).pow(2).mean()
        actor_loss.backward()
        actor_opt.step()
        critic_loss.backward()
        critic_opt.step()
