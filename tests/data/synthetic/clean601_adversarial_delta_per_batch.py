"""An Adam over a perturbation tensor created in the same iteration (not a model built outside).

Held-out case (redteam), labelled from RULES.md.
"""
# expect: clean
import torch


def attack(model, loader, steps=10, eps=0.03):
    for x, y in loader:
        delta = torch.zeros_like(x, requires_grad=True)
        opt = torch.optim.Adam([delta], lr=1e-2)
        for _ in range(steps):
            opt.zero_grad()
            loss = -torch.nn.functional.cross_entropy(model(x + delta), y)
            loss.backward()
            opt.step()
            with torch.no_grad():
                delta.clamp_(-eps, eps)
