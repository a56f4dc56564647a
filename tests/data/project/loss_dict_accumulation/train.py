# expect: ZG501 19:13
# expect: ZG602 23:13
"""Accumulation by hand over the loss of training/losses.py's dict: the loss is never divided by the number of
micro-batches (each step applies their sum), and the dict's undetached loss is kept for every batch."""

import torch

from training.losses import compute_losses


def train(model, loader, epochs, accumulation_steps=4):
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-4)
    history = []
    optimizer.zero_grad()
    for epoch in range(epochs):
        for step, batch in enumerate(loader):
            out = compute_losses(model, batch)
            loss = out["loss"]
            loss.backward()
            if (step + 1) % accumulation_steps == 0:
                optimizer.step()
                optimizer.zero_grad()
            history.append(out["loss"])
    return history
