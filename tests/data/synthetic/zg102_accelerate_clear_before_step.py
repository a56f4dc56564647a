"""Accelerate without accumulation: accelerator.backward, then a clear, then the step.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: ZG102 18:9
import torch
from accelerate import Accelerator


def main(model, loader):
    accelerator = Accelerator()
    optimizer = torch.optim.AdamW(model.parameters(), lr=2e-5)
    model, optimizer, loader = accelerator.prepare(model, optimizer, loader)
    for batch in loader:
        outputs = model(**batch)
        loss = outputs.loss
        accelerator.backward(loss)
        optimizer.zero_grad()
        optimizer.step()
