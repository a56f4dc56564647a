# expect: clean
"""The loop of train.py handing its GradScaler to `clipped_step`, which clips before it unscales (the ZG401 is
reported at the clip, in utils/optim_step.py)."""

import torch

from utils.optim_step import clipped_step


def train(model, loader, epochs, lr=1e-3):
    optimizer = torch.optim.AdamW(model.parameters(), lr=lr)
    scaler = torch.amp.GradScaler("cuda")
    for _ in range(epochs):
        for inputs, targets in loader:
            optimizer.zero_grad()
            with torch.autocast("cuda"):
                loss = torch.nn.functional.mse_loss(model(inputs), targets)
            scaler.scale(loss).backward()
            clipped_step(model, optimizer, 1.0, scaler=scaler)
