# expect: clean
"""The project's tensor helpers (rlkit/torch/pytorch_util.py's shape): `zeros` hands its keywords to `torch.zeros` on
the project's device."""

import torch

device = torch.device("cpu")


def zeros(*sizes, torch_device=None, **kwargs):
    if torch_device is None:
        torch_device = device
    return torch.zeros(*sizes, **kwargs, device=torch_device)
