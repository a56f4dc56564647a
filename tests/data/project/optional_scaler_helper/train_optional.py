# expect: clean
"""The twin that trains with AMP only when asked: the scaler is None otherwise, and the backward tests it as
the helper does (the correlated tests take the same branch: clean today)."""

import torch

from utils.optim_step import optimizer_step


def train(model, loader, epochs, use_amp, lr=1e-3):
    optimizer = torch.optim.AdamW(model.parameters(), lr=lr)
    scaler = torch.amp.GradScaler("cuda") if use_amp else None
    for _ in range(epochs):
        for inputs, targets in loader:
            optimizer.zero_grad()
            loss = torch.nn.functional.mse_loss(model(inputs), targets)
            if scaler is not None:
                scaler.scale(loss).backward()
            else:
                loss.backward()
            optimizer_step(model, optimizer, 1.0, scaler=scaler)
