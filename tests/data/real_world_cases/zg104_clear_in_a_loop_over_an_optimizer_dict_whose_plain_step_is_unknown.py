# expect: ZG104 24:13
"""Reduced from microsoft/VQ-Diffusion image_synthesis/engine/solver.py:274 (lost at the thirty-third session's final
code): a loop over the optimizers' dict runs the model's forward, then clears the optimizer of the entry after it
(RULES.md ZG104, opt-in), then backpropagates and steps it, through the scaler under AMP or plainly."""

import torch
from torch.cuda.amp import GradScaler, autocast


class Solver:
    def __init__(self, model, optimizer, amp):
        self.model = model
        self.amp = amp
        self.scaler = GradScaler()
        self.optimizer_and_scheduler = {"none": {"optimizer": {"module": optimizer, "step_iteration": 1}}}

    def step(self, batch):
        for name, op_sc in self.optimizer_and_scheduler.items():
            if self.amp:
                with autocast():
                    output = self.model(batch)
            else:
                output = self.model(batch)
            op_sc["optimizer"]["module"].zero_grad()
            if self.amp:
                self.scaler.scale(output["loss"]).backward()
                self.scaler.step(op_sc["optimizer"]["module"])
                self.scaler.update()
            else:
                output["loss"].backward()
                op_sc["optimizer"]["module"].step()

    def train(self, loader, epochs):
        for epoch in range(epochs):
            for batch in loader:
                self.step(batch)
