"""scaler.update() inside a helper the loop calls after the step.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: clean
import torch


class Trainer:
    def __init__(self, model):
        self.model = model
        self.optimizer = torch.optim.Adam(model.parameters())
        self.scaler = torch.amp.GradScaler("cuda")

    def _finish_step(self):
        self.scaler.update()
        self.optimizer.zero_grad(set_to_none=True)

    def train(self, loader):
        for x, y in loader:
            with torch.autocast("cuda"):
                loss = self.model(x, y)
            self.scaler.scale(loss).backward()
            self.scaler.step(self.optimizer)
            self._finish_step()
