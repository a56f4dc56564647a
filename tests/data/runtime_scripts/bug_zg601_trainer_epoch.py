"""A trainer builds its Adam at the start of every epoch over the same network."""
import torch
from torch import nn


class Trainer:
    def __init__(self):
        self.net = nn.Linear(6, 2)

    def train_epoch(self, batches):
        self.optimizer = torch.optim.Adam(self.net.parameters(), lr=1e-3)  # <- ZG601
        for x, y in batches:
            self.optimizer.zero_grad()
            nn.functional.cross_entropy(self.net(x), y).backward()
            self.optimizer.step()

    def fit(self, epochs=3):
        batches = [(torch.randn(4, 6), torch.randint(0, 2, (4,))) for _ in range(2)]
        for epoch in range(epochs):
            self.train_epoch(batches)


if __name__ == "__main__":
    torch.manual_seed(0)
    Trainer().fit()
