"""A trainer's post-step helper clips the gradients after the step.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: ZG203 16:9
import torch


class Trainer:
    def __init__(self, model, max_norm):
        self.model = model
        self.max_norm = max_norm
        self.optimizer = torch.optim.SGD(model.parameters(), lr=0.01, momentum=0.9)

    def after_step(self):
        torch.nn.utils.clip_grad_norm_(self.model.parameters(), self.max_norm)

    def fit(self, loader):
        for x, y in loader:
            self.optimizer.zero_grad()
            torch.nn.functional.mse_loss(self.model(x), y).backward()
            self.optimizer.step()
            self.after_step()
