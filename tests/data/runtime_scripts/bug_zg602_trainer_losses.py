"""A trainer keeps `self.losses.append(loss)` for plotting."""
import torch
from torch import nn


class Trainer:
    def __init__(self):
        self.model = nn.Sequential(nn.Linear(3, 6), nn.ReLU(), nn.Linear(6, 1))
        self.optimizer = torch.optim.Adam(self.model.parameters())
        self.losses = []

    def step(self, x, y):
        self.optimizer.zero_grad()
        loss = nn.functional.smooth_l1_loss(self.model(x), y)
        loss.backward()
        self.optimizer.step()
        self.losses.append(loss)  # <- ZG602

    def fit(self):
        for _ in range(8):
            self.step(torch.randn(4, 3), torch.randn(4, 1))


if __name__ == "__main__":
    torch.manual_seed(0)
    Trainer().fit()
