"""Inside accelerator.accumulate, no `/ n` is needed (accelerator.backward divides).

Held-out case (redteam), labelled from RULES.md.
"""
# expect: clean
import torch
from accelerate import Accelerator


def train(model, loader):
    accelerator = Accelerator(gradient_accumulation_steps=8)
    optimizer = torch.optim.AdamW(model.parameters(), lr=3e-5)
    model, optimizer, loader = accelerator.prepare(model, optimizer, loader)
    model.train()
    for batch in loader:
        with accelerator.accumulate(model):
            loss = model(**batch).loss
            accelerator.backward(loss)
            optimizer.step()
            optimizer.zero_grad()
