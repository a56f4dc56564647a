# expect: clean
"""A loop of our own that always trains with a GradScaler and hands it to the shared update helper of
utils/optim_step.py. The helper's `optimizer.step()` sits under `scaler is None`, which cannot hold where the
loop's `scaler.scale(loss).backward()` ran: no ZG402."""

import torch

from utils.optim_step import optimizer_step


def train(model, loader, epochs, lr=1e-3):
    optimizer = torch.optim.AdamW(model.parameters(), lr=lr)
    scaler = torch.amp.GradScaler("cuda")
    for _ in range(epochs):
        for inputs, targets in loader:
            optimizer.zero_grad()
            with torch.autocast("cuda"):
                loss = torch.nn.functional.mse_loss(model(inputs), targets)
            scaler.scale(loss).backward()
            optimizer_step(model, optimizer, 1.0, scaler=scaler)
