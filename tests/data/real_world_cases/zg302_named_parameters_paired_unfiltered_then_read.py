# expect: ZG302 13:22
# expect: ZG302 21:13
"""The twin of `clean302_named_parameters_filtered_into_pairs_then_read.py` whose pairs are not filtered: every
parameter's gradient is read unguarded (ZG302, opt-in)."""

import numpy as np


def clip_grad(named_parameters, max_norm):
    parameters = [(n, p) for n, p in named_parameters]
    total_norm = 0
    for n, p in parameters:
        param_norm = p.grad.data.norm(2)
        total_norm += param_norm ** 2
        if np.isnan(param_norm.item()):
            raise ValueError(f"the param {n} was null.")
    total_norm = total_norm ** 0.5
    clip_coef = max_norm / (total_norm + 1e-6)
    if clip_coef.item() < 1:
        for n, p in parameters:
            p.grad.data.mul_(clip_coef)
    return total_norm
