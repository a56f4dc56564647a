"""The builder of the clip function a trainer keeps (see trainer.py)."""
# expect: clean
from functools import partial

from torch import nn


def build_gradient_clipper(cfg):
    clip_grad_fun = None
    if cfg["clip_grad_val"] is not None:
        clip_grad_fun = partial(nn.utils.clip_grad_value_, clip_value=cfg["clip_grad_val"])
    elif cfg["clip_grad_norm"] is not None:
        clip_grad_fun = partial(nn.utils.clip_grad_norm_, max_norm=cfg["clip_grad_norm"])
    return clip_grad_fun
