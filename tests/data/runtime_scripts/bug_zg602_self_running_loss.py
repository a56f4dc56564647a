"""A trainer's `self.running_loss` attribute sums loss tensors."""
import torch


class Trainer:
    def __init__(self, model):
        self.model = model
        self.optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
        self.running_loss = 0.0

    def fit(self, loader):
        for x, y in loader:
            self.optimizer.zero_grad()
            loss = torch.nn.functional.mse_loss(self.model(x), y)
            loss.backward()
            self.optimizer.step()
            self.running_loss += loss  # <- ZG602


if __name__ == "__main__":
    torch.manual_seed(0)
    Trainer(torch.nn.Linear(2, 1)).fit([(torch.randn(3, 2), torch.randn(3, 1)) for _ in range(5)])
