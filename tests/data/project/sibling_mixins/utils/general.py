# expect: ZG401 17:12
"""Helpers of the trainers' phases."""

import torch


def extract_loss(report, loss_divisor):
    loss = sum(report["losses"].values())
    return loss / loss_divisor


def clip_gradients(model, max_norm):
    """Clips what the gradients hold when it is called: scaled gradients, unless the caller unscaled them (reached
    from trainers/core/updates.py's `ClippingUpdateMixin`, which does not)."""
    if max_norm is None:
        return None
    return torch.nn.utils.clip_grad_norm_(model.parameters(), max_norm)
