# expect: clean
"""The twin: the same dict of steps, each clearing before its forward."""

import torch
from torch.nn.utils import clip_grad_norm_


class CleanMultiTaskTrainer:
    def __init__(self, model, optimizer, max_norm):
        self.model = model
        self.optimizer = optimizer
        self.max_norm = max_norm
        self.steps = {"classify": self.classify_step, "regress": self.regress_step}

    def classify_step(self, batch):
        self.optimizer.zero_grad()
        loss = torch.nn.functional.cross_entropy(self.model(batch["x"]), batch["y"])
        loss.backward()
        clip_grad_norm_(self.model.parameters(), self.max_norm)
        self.optimizer.step()
        return loss.item()

    def regress_step(self, batch):
        self.optimizer.zero_grad()
        loss = torch.nn.functional.mse_loss(self.model(batch["x"]), batch["y"])
        loss.backward()
        clip_grad_norm_(self.model.parameters(), self.max_norm)
        self.optimizer.step()
        return loss.item()

    def train_epoch(self, loader):
        for batch in loader:
            self.steps[batch["task"]](batch)
