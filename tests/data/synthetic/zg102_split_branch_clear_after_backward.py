"""Interleaved splits with the clear placed in the train branch after the backward.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: ZG102 15:13
import torch


def run(model, batches, optimizer):
    for split, (x, y) in batches:
        loss = torch.nn.functional.mse_loss(model(x), y)
        if split == "train":
            loss.backward()
        if split == "train":
            optimizer.zero_grad()
            optimizer.step()
