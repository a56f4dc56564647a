"""Accelerate with accumulate(): clipping under accelerator.sync_gradients, step and clear every micro-batch (gated).

Held-out case (redteam), labelled from RULES.md.
"""
# expect: clean
import torch
from accelerate import Accelerator


def train(model, loader, optimizer, lr_scheduler):
    accelerator = Accelerator(gradient_accumulation_steps=4)
    model, optimizer, loader, lr_scheduler = accelerator.prepare(model, optimizer, loader, lr_scheduler)
    for step, batch in enumerate(loader):
        with accelerator.accumulate(model):
            loss = model(**batch).loss
            accelerator.backward(loss)
            if accelerator.sync_gradients:
                accelerator.clip_grad_norm_(model.parameters(), 1.0)
            optimizer.step()
            lr_scheduler.step()
            optimizer.zero_grad()
