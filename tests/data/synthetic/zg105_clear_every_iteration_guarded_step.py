"""Accumulation defeated: the clear at the top runs every micro-batch, the step every accum.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: ZG105 12:9
import torch


def train(model, loader, accum=4):
    opt = torch.optim.AdamW(model.parameters(), lr=1e-4)
    for i, (x, y) in enumerate(loader):
        opt.zero_grad()
        loss = torch.nn.functional.cross_entropy(model(x), y) / accum
        loss.backward()
        if (i + 1) % accum == 0:
            opt.step()
