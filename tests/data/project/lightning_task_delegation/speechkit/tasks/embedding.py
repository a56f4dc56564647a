# expect: clean
"""The twin: the embedding task clears before the forward pass, and clips each optimizer's gradients before its step
(Lightning's `clip_gradients` unscales by itself)."""

import torch

from .base import Task


class Embedding(Task):
    def training_step(self, batch, batch_idx):
        optimizers = None
        if not self.automatic_optimization:
            optimizers = self.model.optimizers()
            optimizers = optimizers if isinstance(optimizers, list) else [optimizers]
            for optimizer in optimizers:
                optimizer.zero_grad()

        embeddings = self.model(batch["X"])
        loss = self.setup_loss(embeddings, batch["y"])

        if optimizers is not None:
            self.model.manual_backward(loss)
            for optimizer in optimizers:
                self.model.clip_gradients(optimizer, gradient_clip_val=self.gradient_clip_val, gradient_clip_algorithm="norm")
                optimizer.step()

        return {"loss": loss}
