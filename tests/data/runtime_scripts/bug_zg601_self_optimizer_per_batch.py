"""A trainer method builds `self.optimizer` (AdamW) again for every batch."""
import torch
from torch.optim import AdamW


class Trainer:
    def __init__(self, model, lr):
        self.model = model
        self.lr = lr

    def train(self, loader):
        for batch in loader:
            self.optimizer = AdamW(self.model.parameters(), lr=self.lr)  # <- ZG601
            self.optimizer.zero_grad()
            loss = self.model(batch).pow(2).mean()
            loss.backward()
            self.optimizer.step()


if __name__ == "__main__":
    torch.manual_seed(0)
    Trainer(torch.nn.Linear(3, 2), lr=1e-3).train([torch.randn(4, 3) for _ in range(3)])
