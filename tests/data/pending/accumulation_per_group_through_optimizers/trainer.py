# expect: ZG501 30:9
"""nerfstudio's `Trainer.train_iteration`: each group accumulates over its own window, cleared at the window's first
step and stepped at its last, but the loss backpropagated every step is the whole sum of the loss dict: each step
applies the sum of n steps' gradients (ZG501 at the backward)."""

import torch

from optimizers import Optimizers


class Trainer:
    def __init__(self, model, accumulation: dict[str, int]):
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
        needs_zero = [group for group in self.optimizers.parameters if step % self.accumulation[group] == 0]
        self.optimizers.zero_grad_some(needs_zero)
        loss_dict = self.model.get_train_loss_dict(step)
        loss = sum(loss_dict.values())
        self.scaler.scale(loss).backward()
        needs_step = [
            group for group in self.optimizers.parameters if step % self.accumulation[group] == self.accumulation[group] - 1
        ]
        self.optimizers.scaler_step_some(self.scaler, needs_step)
        self.scaler.update()
