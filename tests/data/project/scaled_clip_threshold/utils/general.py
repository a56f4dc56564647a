# expect: ZG401 20:12
"""Clip helpers. `clip_gradients` takes the scaler's scale and multiplies its threshold by it, as mmf does: a
threshold that fits the scaled gradients it is handed (the same clip as after `unscale_`). `clip_plain` clips with
the threshold as it is: before an `unscale_` it applies to scaled gradients (reported here, reached from
fixed_threshold.py)."""

import torch


def clip_gradients(model, max_norm, scale=1.0):
    if max_norm is None:
        return None
    threshold = max_norm * scale
    return torch.nn.utils.clip_grad_norm_(model.parameters(), threshold)


def clip_plain(model, max_norm):
    if max_norm is None:
        return None
    return torch.nn.utils.clip_grad_norm_(model.parameters(), max_norm)
