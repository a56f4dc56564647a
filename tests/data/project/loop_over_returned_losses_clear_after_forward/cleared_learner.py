# expect: clean
"""The clean twin: each optimizer is cleared at the top of the iteration, before the agent's forward."""

import torch
from torch.cuda.amp import GradScaler, autocast

from agent import WorldModelAgent


def run(loader, amp=False):
    model = WorldModelAgent()
    optimizers = model.init_optimizers(1e-4)
    scaler = GradScaler(enabled=amp)
    for obs in loader:
        for opt in optimizers:
            opt.zero_grad()
        with autocast(enabled=amp):
            losses, loss_metrics = model.training_step(obs)
        for loss in losses:
            scaler.scale(loss).backward()

        for opt in optimizers:
            scaler.unscale_(opt)
        model.grad_clip(100.0)
        for opt in optimizers:
            scaler.step(opt)
        scaler.update()
