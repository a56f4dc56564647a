"""The backward lives in a helper; the loop steps every n calls.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: ZG501 12:5
import torch


def backward_pass(model, batch):
    x, y = batch
    loss = torch.nn.functional.l1_loss(model(x), y)
    loss.backward()
    return loss.item()


def train(model, loader, optimizer, n=4):
    for i, batch in enumerate(loader):
        backward_pass(model, batch)
        if (i + 1) % n == 0:
            optimizer.step()
            optimizer.zero_grad()
