"""Interleaved train/val: the clear is under `if split == "val":` by mistake; training never clears.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: ZG101 18:13
import torch


def run(model, batches, optimizer):
    for split, (x, y) in batches:
        if split == "val":
            optimizer.zero_grad()
            model.eval()
        out = model(x)
        loss = torch.nn.functional.mse_loss(out, y)
        if split == "train":
            loss.backward()
            optimizer.step()
