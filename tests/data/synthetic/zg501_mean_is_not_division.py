"""`loss.mean()` is a mean over the batch, not a division by the accumulation count.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: ZG501 13:9
import torch


def train(model, loader, optimizer, gradient_accumulation_steps):
    optimizer.zero_grad()
    for step, batch in enumerate(loader):
        loss = model(batch).mean()
        loss.backward()
        if (step + 1) % gradient_accumulation_steps == 0:
            optimizer.step()
            optimizer.zero_grad()
