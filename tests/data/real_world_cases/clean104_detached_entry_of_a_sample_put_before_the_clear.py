# expect: clean
"""A critic's update reading the generator's samples from an entry of the batch's dict, detached: the generator's
forward put `out["fake"]` before the critic's clear, but `out["fake"].detach()` carries no graph into the critic's
loss, whose only forward (`critic(...)`) runs after the clear (RULES.md ZG104: nothing to report; an entry is read back
where it was put only through the graph, as a name is)."""

import torch
from torch import nn

generator = nn.Linear(4, 8)
critic = nn.Linear(8, 1)
opt_critic = torch.optim.RMSprop(critic.parameters(), lr=5e-5)

for real in [torch.randn(16, 8)] * 3:
    out = {}
    out["fake"] = generator(torch.randn(16, 4))
    opt_critic.zero_grad()
    loss = critic(out["fake"].detach()).mean() - critic(real).mean()
    loss.backward()
    opt_critic.step()
