# expect: ZG402 24:5
"""Mixed-precision steps: `scaled_step` steps through the scaler; `direct_step` steps the optimizer itself after a
scaled backward (scaled gradients applied, inf/NaN never skipped)."""

import torch


def scaled_step(model, optimizer, scaler, batch):
    optimizer.zero_grad()
    with torch.autocast("cuda"):
        loss = model(batch).mean()
    scaler.scale(loss).backward()
    scaler.step(optimizer)
    scaler.update()


def direct_step(model, optimizer, scaler, batch):
    optimizer.zero_grad()
    with torch.autocast("cuda"):
        loss = model(batch).mean()
    scaler.scale(loss).backward()
    scaler.unscale_(optimizer)
    torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
    optimizer.step()
    scaler.update()
