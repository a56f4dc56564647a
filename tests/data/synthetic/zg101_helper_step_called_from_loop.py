"""The backward and step live in a helper that the loop calls; nothing clears.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: ZG101 14:5
import torch
import torch.nn.functional as F


def train_step(model, optimizer, batch):
    x, y = batch
    loss = F.cross_entropy(model(x), y)
    loss.backward()
    optimizer.step()
    return loss.item()


def fit(model, loader, epochs=3):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.01, momentum=0.9)
    for epoch in range(epochs):
        for batch in loader:
            train_step(model, optimizer, batch)
