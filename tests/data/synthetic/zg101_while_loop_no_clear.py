"""A while loop over an iterator, counting steps, never clears.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: ZG101 21:9
import torch
from torch import nn, optim

model = nn.Sequential(nn.Linear(10, 32), nn.ReLU(), nn.Linear(32, 2))
opt = optim.Adam(model.parameters(), lr=1e-3)
loss_fn = nn.CrossEntropyLoss()


def run(loader, max_steps):
    it = iter(loader)
    step = 0
    while step < max_steps:
        x, y = next(it)
        loss = loss_fn(model(x), y)
        loss.backward()
        opt.step()
        step += 1
