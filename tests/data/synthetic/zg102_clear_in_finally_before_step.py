"""The clear sits in a `finally` after the backward; the step follows it.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: ZG102 16:13
import torch


def train(model, loader):
    opt = torch.optim.Adam(model.parameters())
    for x, y in loader:
        try:
            loss = torch.nn.functional.mse_loss(model(x), y)
            loss.backward()
        finally:
            opt.zero_grad()
        opt.step()
