"""Reads guarded by `if p.grad is not None`, a `continue`, a comprehension filter and an assert.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: clean
import torch


def train(model, loader, optimizer):
    for x, y in loader:
        optimizer.zero_grad()
        for p in model.parameters():
            if p.grad is not None:
                print(p.grad.norm())
        for p in model.parameters():
            if p.grad is None:
                continue
            p.grad.clamp_(-1, 1)
        norms = [p.grad.norm() for p in model.parameters() if p.grad is not None]
        loss = torch.nn.functional.mse_loss(model(x), y)
        loss.backward()
        for p in model.parameters():
            assert p.grad is not None
            p.grad.div_(2)
        optimizer.step()
        print(len(norms))
