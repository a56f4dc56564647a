"""Runnable trainer with a while loop over an iterator; self.optimizer is never cleared.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: ZG101 26:13
import torch
from torch import nn


class Trainer:
    def __init__(self):
        torch.manual_seed(0)
        self.model = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 1))
        self.optimizer = torch.optim.AdamW(self.model.parameters(), lr=1e-3)
        self.data = iter([(torch.randn(8, 4), torch.randn(8, 1)) for _ in range(5)])

    def run(self):
        steps = 0
        while True:
            try:
                x, y = next(self.data)
            except StopIteration:
                break
            loss = nn.functional.mse_loss(self.model(x), y)
            loss.backward()
            self.optimizer.step()
            steps += 1
        return steps


print(Trainer().run())
