# expect: ZG403 10:5
"""Mixed-precision helpers: `unscale_and_clip` unscales the optimizer's gradients and clips them. train.py calls it
after every micro-batch's backward while the scaler steps every `accum_steps`: the second micro-batch unscales again
before any `update()` (it raises at run time)."""

import torch


def unscale_and_clip(scaler, optimizer, model, max_norm):
    scaler.unscale_(optimizer)
    return torch.nn.utils.clip_grad_norm_(model.parameters(), max_norm)
