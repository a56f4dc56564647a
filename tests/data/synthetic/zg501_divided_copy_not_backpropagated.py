"""The loss is divided into a new name, but the undivided loss is backpropagated.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: ZG501 13:9
import torch


def train(model, loader, optimizer, accum):
    for i, (x, y) in enumerate(loader):
        loss = torch.nn.functional.mse_loss(model(x), y)
        scaled_loss = loss / accum
        loss.backward()
        if (i + 1) % accum == 0:
            optimizer.step()
            optimizer.zero_grad()
        print(scaled_loss.item())
