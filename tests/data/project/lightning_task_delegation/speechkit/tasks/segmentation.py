# expect: ZG102 28:17
"""The segmentation task's manual optimisation clears every optimizer after the backward, right before their steps:
the steps see no gradients (reported at the clear)."""

import torch

from .base import Task


class Segmentation(Task):
    def training_step(self, batch, batch_idx):
        target = batch["y"]
        waveform = batch["X"]
        keep = target.any(dim=1).sum(dim=1) <= 3
        if not keep.any():
            return None
        prediction = self.model(waveform[keep])
        loss = self.setup_loss(prediction, target[keep].argmax(dim=-1))
        self.model.log("loss/train", loss, on_epoch=True)

        if not self.automatic_optimization:
            optimizers = self.model.optimizers()
            optimizers = optimizers if isinstance(optimizers, list) else [optimizers]

            self.model.manual_backward(loss)

            for optimizer in optimizers:
                optimizer.zero_grad()
                self.model.clip_gradients(optimizer, gradient_clip_val=self.gradient_clip_val, gradient_clip_algorithm="norm")
                optimizer.step()

        return {"loss": loss}
