"""A trainer branches on `self.use_amp` for the backward and again for the step.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: clean
import torch


class Trainer:
    def __init__(self, model, use_amp):
        self.model = model
        self.use_amp = use_amp
        self.optimizer = torch.optim.AdamW(model.parameters())
        self.scaler = torch.amp.GradScaler("cuda")

    def train(self, loader):
        for x, y in loader:
            self.optimizer.zero_grad()
            loss = torch.nn.functional.mse_loss(self.model(x), y)
            if self.use_amp:
                self.scaler.scale(loss).backward()
            else:
                loss.backward()
            if self.use_amp:
                self.scaler.step(self.optimizer)
                self.scaler.update()
            else:
                self.optimizer.step()
