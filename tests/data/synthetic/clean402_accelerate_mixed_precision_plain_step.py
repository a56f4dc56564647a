"""Accelerate with fp16: accelerator.backward then optimizer.step() (the prepared optimizer handles the scaler).

Held-out case (redteam), labelled from RULES.md.
"""
# expect: clean
import torch
from accelerate import Accelerator


def train(model, loader):
    accelerator = Accelerator(mixed_precision="fp16")
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-4)
    model, optimizer, loader = accelerator.prepare(model, optimizer, loader)
    for batch in loader:
        optimizer.zero_grad()
        loss = model(**batch).loss
        accelerator.backward(loss)
        optimizer.step()
