"""Gradient statistics of "the last update" logged at the top of the iteration.

Shape of research loops that log `p.grad.norm()` per parameter every `k`
iterations before the forward pass, meaning to report the previous step's
gradients: on iteration 0 no backward has run and every `.grad` is None
(RULES.md ZG301: before any backward).
"""
# expect: ZG301 22:55
import torch
from torch import nn

model = nn.Sequential(nn.Linear(20, 64), nn.Tanh(), nn.Linear(64, 1))
optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
writer = None


def train(loader, log_every=100):
    for it, (x, y) in enumerate(loader):
        if it % log_every == 0:
            for name, param in model.named_parameters():
                if writer is not None:
                    writer.add_scalar(f"grad/{name}", param.grad.norm().item(), it)
        optimizer.zero_grad()
        loss = nn.functional.mse_loss(model(x), y)
        loss.backward()
        optimizer.step()
