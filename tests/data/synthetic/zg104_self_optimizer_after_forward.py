"""A trainer method clears self.optimizer between the forward and the backward.

Held-out case (redteam), labelled from RULES.md.
"""
# needs: --extend-select ZG104
# expect: ZG104 19:13
import torch


class Trainer:
    def __init__(self, model):
        self.model = model
        self.optimizer = torch.optim.Adam(model.parameters())

    def epoch(self, loader):
        for batch in loader:
            outputs = self.model(batch["x"])
            loss = torch.nn.functional.mse_loss(outputs, batch["y"])
            self.optimizer.zero_grad()
            loss.backward()
            self.optimizer.step()
