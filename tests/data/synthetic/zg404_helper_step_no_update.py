"""A trainer's optimizer_step helper calls self.scaler.step; nothing updates the scaler.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: ZG404 16:9
import torch


class Trainer:
    def __init__(self, model):
        self.model = model
        self.optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
        self.scaler = torch.amp.GradScaler("cuda")

    def optimizer_step(self):
        self.scaler.step(self.optimizer)
        self.optimizer.zero_grad()

    def train(self, loader):
        for x, y in loader:
            with torch.autocast("cuda"):
                loss = self.model(x, y)
            self.scaler.scale(loss).backward()
            self.optimizer_step()
