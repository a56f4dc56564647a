# expect: clean
"""The update of an accumulation window, in one helper: unscale, clip, step through the scaler, update, clear."""

import torch


def optimizer_step(optimizer, scaler, model, max_norm):
    scaler.unscale_(optimizer)
    torch.nn.utils.clip_grad_norm_(model.parameters(), max_norm)
    scaler.step(optimizer)
    scaler.update()
    optimizer.zero_grad(set_to_none=True)
