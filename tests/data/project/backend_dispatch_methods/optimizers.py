# expect: clean
"""The project's optimizer factory."""

import torch


def make_optimizer(params, lr):
    return torch.optim.AdamW(params, lr=lr)
