# expect: clean
"""The subclass's loop (equiformer's `EnergyTrainerV2.train`): the step counter is set per batch, the loss divided by
the window's length when accumulating, and the base's `_backward` clears and steps."""

from base_trainer import BaseTrainer


class EnergyTrainer(BaseTrainer):
    def train(self, loader, epochs):
        for epoch in range(epochs):
            for i, batch in enumerate(loader):
                self.step = epoch * len(loader) + i + 1
                self.model.train()
                out = self.model(batch)
                loss = (out - batch.y).abs().mean()
                if self.grad_accumulation_steps != 1:
                    loss = loss / self.grad_accumulation_steps
                self._backward(loss)
