"""The twin: the file's warm-up schedule derives from torch's LambdaLR, and is stepped first.

A subclass of a torch LR scheduler skips its first value when stepped before the optimizer
(RULES.md ZG204, at the scheduler's step).
"""
# expect: ZG204 27:9
import math

import torch
from torch.optim.lr_scheduler import LambdaLR


class WarmupCosine(LambdaLR):
    def __init__(self, optimizer, warmup_epochs, epochs):
        def factor(epoch):
            if epoch < warmup_epochs:
                return (epoch + 1) / warmup_epochs
            return 0.5 * (1 + math.cos(math.pi * (epoch - warmup_epochs) / max(1, epochs - warmup_epochs)))

        super().__init__(optimizer, factor)


def train(model, loader, epochs):
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3)
    schedule = WarmupCosine(optimizer, warmup_epochs=5, epochs=epochs)
    for epoch in range(epochs):
        schedule.step()
        for x, y in loader:
            optimizer.zero_grad()
            torch.nn.functional.cross_entropy(model(x), y).backward()
            optimizer.step()
