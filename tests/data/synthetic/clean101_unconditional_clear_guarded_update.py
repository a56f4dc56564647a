"""Clear every iteration, backward and step both under `if i % n == 0` (not accumulation).

Held-out case (redteam), labelled from RULES.md.
"""
# expect: clean
import torch


def train(model, loader, update_every=3):
    optimizer = torch.optim.Adam(model.parameters())
    for i, (x, y) in enumerate(loader):
        optimizer.zero_grad()
        if i % update_every == 0:
            loss = torch.nn.functional.mse_loss(model(x), y)
            loss.backward()
            optimizer.step()
