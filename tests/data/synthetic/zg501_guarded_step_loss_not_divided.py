"""The step is under an accumulation guard but the loss is not divided.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: ZG501 13:9
import torch


def train(model, loader, accum_steps=8):
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-4)
    for i, (x, y) in enumerate(loader):
        loss = torch.nn.functional.cross_entropy(model(x), y)
        loss.backward()
        if (i + 1) % accum_steps == 0:
            optimizer.step()
            optimizer.zero_grad()
