# expect: ZG401 13:12
"""The project's clip helper (self-supervised trainers keep one in their utils): the parameters that got a
gradient, clipped to one norm. main_ssl.py calls it between a scaled backward and `scaler.step` without
`unscale_`: the threshold applies to scaled gradients. Reported here, on the clip."""

import torch


def clip_gradients(model, max_norm):
    params = [p for p in model.parameters() if p.grad is not None]
    if not params:
        return None
    return torch.nn.utils.clip_grad_norm_(params, max_norm)


def cancel_gradients_last_layer(epoch, model, freeze_last_layer):
    if epoch >= freeze_last_layer:
        return
    for name, p in model.named_parameters():
        if "last_layer" in name:
            p.grad = None
