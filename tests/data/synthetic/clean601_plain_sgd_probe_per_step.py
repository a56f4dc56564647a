"""Plain SGD (no momentum, no state) built per step in a probe.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: clean
import torch


def probe(model, loader, lr):
    for x, y in loader:
        opt = torch.optim.SGD(model.parameters(), lr=lr)
        opt.zero_grad()
        torch.nn.functional.mse_loss(model(x), y).backward()
        opt.step()
