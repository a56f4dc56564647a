"""A hand-kept counter decides the accumulation step; the clear runs every batch."""
import torch
from torch import nn

torch.manual_seed(0)
model = nn.Linear(4, 2)
optimizer = torch.optim.Adam(model.parameters())
accumulate_every = 3
micro_step = 0
for epoch in range(2):
    for x in [torch.randn(5, 4) for _ in range(6)]:
        model.zero_grad()  # <- ZG105
        (model(x).pow(2).mean() / accumulate_every).backward()
        micro_step += 1
        if micro_step % accumulate_every == 0:
            optimizer.step()
