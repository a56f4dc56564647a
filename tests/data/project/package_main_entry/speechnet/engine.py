# expect: ZG404 14:5
"""One AMP step: scaled backward and `scaler.step`, but no `scaler.update()`: the second step of cli.py's loop
raises and the scale never adapts. Reported here, on `scaler.step`."""

import torch


def train_step(model, batch, optimizer, scaler):
    optimizer.zero_grad(set_to_none=True)
    features, targets = batch
    with torch.autocast(device_type="cuda", dtype=torch.float16):
        loss = model(features, targets)
    scaler.scale(loss).backward()
    scaler.step(optimizer)
    return loss.detach()


def updating_train_step(model, batch, optimizer, scaler):
    optimizer.zero_grad(set_to_none=True)
    features, targets = batch
    with torch.autocast(device_type="cuda", dtype=torch.float16):
        loss = model(features, targets)
    scaler.scale(loss).backward()
    scaler.unscale_(optimizer)
    torch.nn.utils.clip_grad_norm_(model.parameters(), 5.0)
    scaler.step(optimizer)
    scaler.update()
    return loss.detach()
