# expect: ZG401 22:5
"""One update, with or without AMP: a GradScaler when one is handed, else the optimizer's own step. Its callers
in train.py always hand a GradScaler, so the `else` branch never runs after their scaled backward (nor could it:
`scaler.scale(loss)` ran, so `scaler` is no None). `clipped_step` clips before it asks whether a scaler was
handed: the clip meets the scaled gradients of train_clip_first.py's loop (ZG401)."""

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


def clipped_step(model, optimizer, max_norm, scaler=None):
    torch.nn.utils.clip_grad_norm_(model.parameters(), max_norm)
    if scaler is not None:
        scaler.step(optimizer)
        scaler.update()
    else:
        optimizer.step()
