# expect: ZG104 19:13
"""A trainer base class whose `_backward` owns the step (atomicarchitects/equiformer's oc20 `BaseTrainerV2`, written
here): without accumulation it clears before each backward; with it, it returns before the step until the window's
last micro-batch, then steps and clears after the step under the same counter test. Every path clears once per step."""

import torch


class BaseTrainer:
    def __init__(self, model, grad_accumulation_steps, clip_grad_norm):
        self.model = model
        self.optimizer = torch.optim.AdamW(model.parameters(), lr=5e-4)
        self.grad_accumulation_steps = grad_accumulation_steps
        self.clip_grad_norm = clip_grad_norm
        self.step = 0

    def _backward(self, loss):
        if self.grad_accumulation_steps == 1:
            self.optimizer.zero_grad()
        loss.backward()
        if self.grad_accumulation_steps != 1:
            if self.step % self.grad_accumulation_steps != 0:
                return
        if self.clip_grad_norm:
            torch.nn.utils.clip_grad_norm_(self.model.parameters(), max_norm=self.clip_grad_norm)
        self.optimizer.step()
        if self.grad_accumulation_steps != 1:
            if self.step % self.grad_accumulation_steps == 0:
                self.optimizer.zero_grad()
