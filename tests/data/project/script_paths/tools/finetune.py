# expect: ZG204 16:9
"""A fine-tuning script through `_lib_path`: the warm-up is stepped before each epoch's training, so its first
value is skipped."""

import torch

import _lib_path  # noqa: F401
from engine.epoch import train_one_epoch


def finetune(net, loader, loss_fn, epochs):
    optimizer = torch.optim.AdamW(net.parameters(), lr=1e-4)
    warmup = torch.optim.lr_scheduler.LinearLR(optimizer, start_factor=0.1, total_iters=5)
    best = None
    for epoch in range(epochs):
        warmup.step()
        loss = train_one_epoch(net, loader, loss_fn, optimizer)
        best = loss if best is None else min(best, loss)
    return best
