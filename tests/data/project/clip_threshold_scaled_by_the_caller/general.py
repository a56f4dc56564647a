# expect: ZG401 31:16
"""The project's clip helpers (facebookresearch/mmf's mmf/utils/general.py, written here). `clip_gradients` is handed
the scaler's scale by its caller and multiplies the threshold by it: scaled gradients clipped at a scaled threshold are
the gradients `unscale_` would give clipped at the threshold, so no unscale is needed (no ZG401), whether the
optimizer clips itself (its own `clip_grad_norm(max_norm)`, the threshold its first argument) or torch does.
`clip_at_threshold`, the twin's, clips the scaled gradients at the bare threshold: ZG401."""

from torch import nn


def clip_gradients(model, optimizer, config, scale=1.0):
    max_norm = config.max_grad_l2_norm
    if max_norm is None:
        return None
    if hasattr(optimizer, "clip_grad_norm"):
        return optimizer.clip_grad_norm(max_norm * scale)
    return nn.utils.clip_grad_norm_(model.parameters(), max_norm * scale)


def extract_loss(losses):
    return sum(loss.mean() for loss in losses.values())


def clip_at_threshold(optimizer, config):
    """The twin's: the threshold as configured, the gradients still scaled."""
    return optimizer_clip(optimizer, config.max_grad_l2_norm)


def optimizer_clip(optimizer, max_norm):
    if hasattr(optimizer, "clip_grad_norm"):
        return optimizer.clip_grad_norm(max_norm)
    return None
