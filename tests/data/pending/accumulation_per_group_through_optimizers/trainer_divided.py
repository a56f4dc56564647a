# expect: clean
"""The clean twin: one window for every group, the loss divided by its length before the backward."""

import torch

from optimizers import Optimizers


class DividedTrainer:
    def __init__(self, model, accumulation: int):
        self.model = model
        self.accumulation = accumulation
        self.scaler = torch.amp.GradScaler()

    def setup(self):
        self.optimizers = Optimizers(self.model.param_groups(), lr=1e-3)

    def train(self, iterations: int):
        self.setup()
        for step in range(iterations):
            self.train_iteration(step)

    def train_iteration(self, step: int):
        needs_zero = [group for group in self.optimizers.parameters if step % self.accumulation == 0]
        self.optimizers.zero_grad_some(needs_zero)
        loss_dict = self.model.get_train_loss_dict(step)
        loss = sum(loss_dict.values()) / self.accumulation
        self.scaler.scale(loss).backward()
        needs_step = [group for group in self.optimizers.parameters if step % self.accumulation == self.accumulation - 1]
        self.optimizers.scaler_step_some(self.scaler, needs_step)
        self.scaler.update()
