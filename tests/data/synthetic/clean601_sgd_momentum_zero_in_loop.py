"""SGD with momentum=0 (no state) rebuilt per step.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: clean
import torch


def train(model, loader, lr):
    for step, (x, y) in enumerate(loader):
        opt = torch.optim.SGD(model.parameters(), lr=lr / (1 + step), momentum=0.0)
        opt.zero_grad()
        torch.nn.functional.mse_loss(model(x), y).backward()
        opt.step()
