"""The twin of amp_scaler_none_tested_after_scaled_backward.py whose helper clips before it asks whether a
scaler was handed (rwth-i6/returnn's updater before 68848749f): the loop scaled its backward, so the clip
meets scaled gradients (ZG401). Knowing the scaler is no None keeps only the `scaler.step` arm: no ZG402."""
# expect: ZG401 9:5
import torch


def optimizer_step(model, optimizer, max_norm, scaler=None):
    torch.nn.utils.clip_grad_norm_(model.parameters(), max_norm)
    if scaler is not None:
        scaler.step(optimizer)
        scaler.update()
    else:
        optimizer.step()


def train(model, loader, epochs):
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3)
    scaler = torch.amp.GradScaler("cuda")
    for _ in range(epochs):
        for inputs, targets in loader:
            optimizer.zero_grad()
            loss = torch.nn.functional.mse_loss(model(inputs), targets)
            scaler.scale(loss).backward()
            optimizer_step(model, optimizer, 1.0, scaler=scaler)
