"""The model and then its optimizer are cleared at the top of each step of a trainer."""
import torch


class Trainer:
    def __init__(self):
        self.model = torch.nn.Linear(5, 2)
        self.optimizer = torch.optim.SGD(self.model.parameters(), lr=0.1, momentum=0.9)

    def training_step(self, x):
        self.model.zero_grad()
        self.optimizer.zero_grad()  # <- ZG103
        loss = self.model(x).logsumexp(-1).mean()
        loss.backward()
        self.optimizer.step()

    def fit(self):
        for _ in range(3):
            self.training_step(torch.randn(4, 5))


if __name__ == "__main__":
    torch.manual_seed(0)
    Trainer().fit()
