"""Accumulation with a step counter; after the guarded step nothing clears."""
import torch
from torch import nn

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(6, 6), nn.Tanh(), nn.Linear(6, 2))
optimizer = torch.optim.RMSprop(model.parameters(), lr=1e-3)
accumulation_steps = 2
optimizer.zero_grad()
for step, (x, y) in enumerate([(torch.randn(4, 6), torch.randint(0, 2, (4,))) for _ in range(8)]):
    loss = nn.functional.cross_entropy(model(x), y) / accumulation_steps
    loss.backward()
    if (step + 1) % accumulation_steps == 0:
        optimizer.step()  # <- ZG101
