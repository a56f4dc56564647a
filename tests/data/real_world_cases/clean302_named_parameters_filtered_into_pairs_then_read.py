# expect: clean
"""VL-BERT's `clip_grad` (common/utils/misc.py): the (name, parameter) pairs are kept only where the parameter has a
gradient (`[(n, p) for n, p in named_parameters if p.grad is not None]`), then each kept parameter's gradient is
measured and scaled. The comprehension's filter is the guard of the reads over the pairs it keeps (RULES.md ZG302:
a comprehension filter)."""

import numpy as np


def clip_grad(named_parameters, max_norm):
    parameters = [(n, p) for n, p in named_parameters if p.grad is not None]
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
