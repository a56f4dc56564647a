# expect: clean
from .adam import NmtAdam


def build_optimizer(cfg, params):
    return NmtAdam(cfg, params)
