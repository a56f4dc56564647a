"""Inside accelerator.accumulate(): the clear before the step discards everything on the sync step.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: ZG102 18:13
import torch
from accelerate import Accelerator


def main(model, loader):
    accelerator = Accelerator(gradient_accumulation_steps=2)
    optimizer = torch.optim.AdamW(model.parameters(), lr=2e-5)
    model, optimizer, loader = accelerator.prepare(model, optimizer, loader)
    for batch in loader:
        with accelerator.accumulate(model):
            loss = model(**batch).loss
            accelerator.backward(loss)
            optimizer.zero_grad()
            optimizer.step()
