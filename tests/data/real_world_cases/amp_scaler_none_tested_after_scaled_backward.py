"""An update helper for runs with and without AMP, handed the GradScaler the loop always scales with.

The shape of rwth-i6/returnn's updater and of many `optimizer_step(..., scaler=None)` helpers (round 7's
`optional_scaler_helper/`, in one file): the helper tests `if scaler is not None:` twice (unscale, then
`scaler.step`) with `else: optimizer.step()`. Both tests take the same branch (RULES.md, "Correlated
conditions"), and `scaler.scale(loss).backward()` ran first, so `scaler is None` cannot hold: no ZG401
at the clip, no ZG402 at the direct step. The step body below tests it once, after its scaled backward.
"""
# expect: clean
import torch


def optimizer_step(model, optimizer, max_norm, scaler=None):
    if scaler is not None:
        scaler.unscale_(optimizer)
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
            with torch.autocast("cuda"):
                loss = torch.nn.functional.mse_loss(model(inputs), targets)
            scaler.scale(loss).backward()
            optimizer_step(model, optimizer, 1.0, scaler=scaler)


def train_inline(model, loader, epochs):
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3)
    scaler = torch.amp.GradScaler("cuda")
    for _ in range(epochs):
        for inputs, targets in loader:
            optimizer.zero_grad()
            loss = torch.nn.functional.mse_loss(model(inputs), targets)
            scaler.scale(loss).backward()
            if scaler is not None:
                scaler.unscale_(optimizer)
            torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
            if scaler is not None:
                scaler.step(optimizer)
                scaler.update()
            else:
                optimizer.step()


def train_step(model, optimizer, inputs, targets, scaler):
    optimizer.zero_grad()
    loss = torch.nn.functional.mse_loss(model(inputs), targets)
    scaler.scale(loss).backward()
    if scaler is None:
        optimizer.step()
    else:
        scaler.step(optimizer)
        scaler.update()
