# expect: ZG404 17:5
"""One AMP step: scaled backward, `unscale_`, a clip and `scaler.step`, but no `scaler.update()`: in cli.py's loop
the next iteration's `unscale_` raises (the optimizer is still "stepped") and the scale never adapts. The root cause,
the missing update, is ZG404 on `scaler.step`; the `unscale_` is its consequence (one cause, one report)."""

import torch


def train_step(model, batch, optimizer, scaler):
    optimizer.zero_grad(set_to_none=True)
    features, targets = batch
    with torch.autocast(device_type="cuda", dtype=torch.float16):
        loss = model(features, targets)
    scaler.scale(loss).backward()
    scaler.unscale_(optimizer)
    torch.nn.utils.clip_grad_norm_(model.parameters(), 5.0)
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
