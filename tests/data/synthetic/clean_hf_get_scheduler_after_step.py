"""A Hugging Face style `lr_scheduler = get_scheduler(...)` stepped after the optimizer every iteration.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: clean
import torch
from transformers import get_scheduler


def train(model, loader, num_training_steps):
    optimizer = torch.optim.AdamW(model.parameters(), lr=5e-5)
    lr_scheduler = get_scheduler("linear", optimizer=optimizer, num_warmup_steps=0,
                                 num_training_steps=num_training_steps)
    model.train()
    for batch in loader:
        outputs = model(**batch)
        loss = outputs.loss
        loss.backward()
        optimizer.step()
        lr_scheduler.step()
        optimizer.zero_grad()
