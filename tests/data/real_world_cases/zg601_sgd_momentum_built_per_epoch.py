"""redteam: FAILS on main 61a4738, precision-flow 1550d83, precision-roles f58db55: expected ZG601 13:15, got clean (on main); passes on: new-rules e056009, runtime 763d6f4.

SGD with momentum rebuilt at the top of every epoch.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: ZG601 13:15
import torch


def train(model, loader, epochs, lr):
    for epoch in range(epochs):
        opt = torch.optim.SGD(model.parameters(), lr=lr * 0.9 ** epoch, momentum=0.9)
        for x, y in loader:
            opt.zero_grad()
            torch.nn.functional.cross_entropy(model(x), y).backward()
            opt.step()
