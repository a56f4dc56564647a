# expect: clean
"""The twin: the helper sums the tokens' losses on purpose (`reduction="sum"`), as RULES.md's ZG501 leaves alone."""

import torch

from finetune.loss import summed_loss


def train(model, loader, steps=3):
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-4)
    for _ in range(steps):
        optimizer.zero_grad()
        for _ in range(2):
            x, y = next(loader)
            summed_loss(model(x), y).backward()
        optimizer.step()
