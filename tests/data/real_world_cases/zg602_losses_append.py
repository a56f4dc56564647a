"""redteam: FAILS on main 61a4738, precision-flow 1550d83, precision-roles f58db55: expected ZG602 18:9, got clean (on main); passes on: new-rules e056009, runtime 763d6f4.

`losses.append(loss)` in a training function.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: ZG602 18:9
import torch


def train(model, loader, optimizer):
    losses = []
    for x, y in loader:
        optimizer.zero_grad()
        loss = torch.nn.functional.cross_entropy(model(x), y)
        loss.backward()
        optimizer.step()
        losses.append(loss)
    return sum(losses) / len(losses)
