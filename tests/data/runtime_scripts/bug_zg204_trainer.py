"""A trainer steps its warm-up schedule when an epoch starts, before any batch."""
import torch
from torch import nn


class Trainer:
    def __init__(self, model):
        self.model = model
        self.optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
        self.scheduler = torch.optim.lr_scheduler.LambdaLR(self.optimizer, lambda e: min(1.0, (e + 1) / 3))

    def on_epoch_start(self):
        self.scheduler.step()  # <- ZG204

    def fit(self, epochs=2):
        for epoch in range(epochs):
            self.on_epoch_start()
            for _ in range(3):
                self.optimizer.zero_grad()
                self.model(torch.randn(2, 4)).sum().backward()
                self.optimizer.step()


if __name__ == "__main__":
    torch.manual_seed(0)
    Trainer(nn.Linear(4, 1)).fit()
