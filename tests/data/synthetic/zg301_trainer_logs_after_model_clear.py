"""A trainer clears the model (default set_to_none) and logs gradient means before the backward.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: ZG301 17:22
import torch


class Trainer:
    def __init__(self, model):
        self.model = model
        self.optimizer = torch.optim.Adam(model.parameters())

    def fit(self, loader):
        for x, y in loader:
            self.model.zero_grad()
            means = [p.grad.mean() for p in self.model.parameters()]
            loss = torch.nn.functional.mse_loss(self.model(x), y)
            loss.backward()
            self.optimizer.step()
            print(len(means))
