# expect: clean
"""The callbacks train.py hands the trainer: a clip and a gradient logger after the backward (before the step),
a loss history of numbers at the end of the batch."""

import torch


class GradientClipping:
    def __init__(self, max_norm):
        self.max_norm = max_norm

    def on_after_backward(self, trainer):
        torch.nn.utils.clip_grad_norm_(trainer.model.parameters(), self.max_norm)

    def on_batch_end(self, trainer, loss):
        pass


class GradNormLogger:
    def __init__(self):
        self.norms = []

    def on_after_backward(self, trainer):
        grads = [p.grad.norm() for p in trainer.model.parameters() if p.grad is not None]
        self.norms.append(torch.stack(grads).norm().item() if grads else 0.0)

    def on_batch_end(self, trainer, loss):
        pass


class LossHistory:
    def __init__(self):
        self.losses = []

    def on_after_backward(self, trainer):
        pass

    def on_batch_end(self, trainer, loss):
        self.losses.append(loss.item())
