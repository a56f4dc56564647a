"""Accelerate accumulation: `with accelerator.accumulate(model)`, no `if`, no division.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: clean
import torch
from accelerate import Accelerator


def train(model, loader, lr=1e-4):
    accelerator = Accelerator(gradient_accumulation_steps=4)
    optimizer = torch.optim.AdamW(model.parameters(), lr=lr)
    model, optimizer, loader = accelerator.prepare(model, optimizer, loader)
    for batch in loader:
        with accelerator.accumulate(model):
            outputs = model(**batch)
            loss = outputs.loss
            accelerator.backward(loss)
            accelerator.clip_grad_norm_(model.parameters(), 1.0)
            optimizer.step()
            optimizer.zero_grad()
