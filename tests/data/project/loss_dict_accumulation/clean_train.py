# expect: clean
"""train.py's twin: training/losses.py's `scaled_losses` divides the loss by the number of micro-batches, and only
the loss's value is kept."""

import torch

from training.losses import scaled_losses


def train(model, loader, epochs, accumulation_steps=4):
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-4)
    history = []
    optimizer.zero_grad()
    for epoch in range(epochs):
        for step, batch in enumerate(loader):
            out = scaled_losses(model, batch, accumulation_steps)
            loss = out["loss"]
            loss.backward()
            if (step + 1) % accumulation_steps == 0:
                optimizer.step()
                optimizer.zero_grad()
            history.append(out["loss"].item())
    return history
