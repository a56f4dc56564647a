# expect: ZG101 29:9
# expect: ZG104 24:13
"""The buggy twin: the same loop over an override of `_backward` that never clears after the window's step, so with
accumulation every step applies again the gradients of all earlier windows."""

import torch

from base_trainer import BaseTrainer


class LeakyTrainer(BaseTrainer):
    def train(self, loader, epochs):
        for epoch in range(epochs):
            for i, batch in enumerate(loader):
                self.step = epoch * len(loader) + i + 1
                out = self.model(batch)
                loss = (out - batch.y).abs().mean()
                if self.grad_accumulation_steps != 1:
                    loss = loss / self.grad_accumulation_steps
                self._backward(loss)

    def _backward(self, loss):
        if self.grad_accumulation_steps == 1:
            self.optimizer.zero_grad()
        loss.backward()
        if self.grad_accumulation_steps != 1:
            if self.step % self.grad_accumulation_steps != 0:
                return
        self.optimizer.step()
