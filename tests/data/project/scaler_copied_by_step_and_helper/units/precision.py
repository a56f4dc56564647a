# expect: clean
"""The scaler comes from a factory: one for fp16, none otherwise."""

import torch


def grad_scaler_for(precision):
    if precision == "fp16":
        return torch.amp.GradScaler("cuda")
    return None
