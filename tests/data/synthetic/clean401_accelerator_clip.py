"""Accelerate with mixed precision: accelerator.clip_grad_norm_ unscales by itself.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: clean
import torch
from accelerate import Accelerator


def train(model, loader):
    accelerator = Accelerator(mixed_precision="fp16")
    optimizer = torch.optim.AdamW(model.parameters())
    model, optimizer, loader = accelerator.prepare(model, optimizer, loader)
    for batch in loader:
        optimizer.zero_grad()
        loss = model(**batch).loss
        accelerator.backward(loss)
        accelerator.clip_grad_norm_(model.parameters(), 1.0)
        optimizer.step()
