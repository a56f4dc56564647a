"""Optimizers handed in as a dict whose keys the file never shows, cleared in `.items()` and stepped by key."""
# expect: clean
import torch
from torch import nn


def run_epoch(model, optimizers, batches):
    for x, y in batches:
        for name, optimizer in optimizers.items():
            optimizer.zero_grad()
        loss = nn.functional.cross_entropy(model(x), y)
        loss.backward()
        optimizers["backbone"].step()
        optimizers["head"].step()


net = nn.Sequential(nn.Linear(4, 8), nn.Linear(8, 3))
run_epoch(
    net,
    {"backbone": torch.optim.Adam(net[0].parameters()), "head": torch.optim.Adam(net[1].parameters())},
    [(torch.randn(2, 4), torch.tensor([0, 2]))],
)
