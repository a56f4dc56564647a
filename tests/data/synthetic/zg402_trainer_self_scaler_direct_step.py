"""A trainer scales the backward with self.scaler and then calls self.optimizer.step().

Held-out case (redteam), labelled from RULES.md.
"""
# expect: ZG402 20:9
import torch


class Trainer:
    def __init__(self, model):
        self.model = model
        self.optimizer = torch.optim.Adam(model.parameters())
        self.scaler = torch.amp.GradScaler("cuda")

    def step(self, batch):
        self.optimizer.zero_grad()
        with torch.autocast("cuda"):
            loss = self.model(batch).mean()
        self.scaler.scale(loss).backward()
        self.optimizer.step()
        self.scaler.update()

    def fit(self, loader):
        for batch in loader:
            self.step(batch)
