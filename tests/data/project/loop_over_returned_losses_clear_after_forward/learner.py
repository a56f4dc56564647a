# expect: ZG104 23:13
"""pydreamer's train.py: the learner loop runs the agent's `training_step` (the forward of every loss), then clears
each optimizer and backpropagates each loss of the returned tuple through one GradScaler (opt-in ZG104 at the clear).
The backwarded `loss` is the target of `for loss in losses`, which no assignment binds: its forward pass is looked for
in what the loop's iterable reads (`losses`, bound by `model.training_step(...)`)."""

import torch
from torch.cuda.amp import GradScaler, autocast

from agent import WorldModelAgent


def run(loader, amp=False):
    model = WorldModelAgent()
    optimizers = model.init_optimizers(1e-4)
    scaler = GradScaler(enabled=amp)
    metrics = {}
    for obs in loader:
        with autocast(enabled=amp):
            losses, loss_metrics = model.training_step(obs)

        for opt in optimizers:
            opt.zero_grad()
        for loss in losses:
            scaler.scale(loss).backward()

        for opt in optimizers:
            scaler.unscale_(opt)
        model.grad_clip(100.0)
        for opt in optimizers:
            scaler.step(opt)
        scaler.update()

        for key, value in loss_metrics.items():
            metrics.setdefault(key, []).append(value.item())
    return metrics
