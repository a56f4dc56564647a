"""Hugging Face's `get_scheduler` factory (a torch LambdaLR), stepped before the optimizer in the iteration.

RULES.md ZG204: a known factory returning a torch scheduler; reported at the scheduler's step.
"""
# expect: ZG204 16:9
import torch
from transformers import get_scheduler


def finetune(model, loader, steps):
    optimizer = torch.optim.AdamW(model.parameters(), lr=5e-5)
    scheduler = get_scheduler("linear", optimizer=optimizer, num_warmup_steps=100, num_training_steps=steps)
    for batch in loader:
        optimizer.zero_grad()
        loss = model(**batch).loss
        scheduler.step()
        loss.backward()
        optimizer.step()
