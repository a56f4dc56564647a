"""The clear comes before a helper that runs the forward pass.

Held-out case (redteam), labelled from RULES.md.
"""
# needs: --extend-select ZG104
# expect: clean
import torch


def compute_loss(model, batch):
    x, y = batch
    return torch.nn.functional.cross_entropy(model(x), y)


def train(model, loader):
    opt = torch.optim.Adam(model.parameters())
    for batch in loader:
        opt.zero_grad()
        loss = compute_loss(model, batch)
        loss.backward()
        opt.step()
