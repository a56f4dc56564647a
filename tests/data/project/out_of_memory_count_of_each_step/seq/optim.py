# expect: clean
"""The optimizers by name, as a config picks them."""

import torch

OPTIMIZERS = {"adam": torch.optim.Adam, "sgd": torch.optim.SGD}


def build_optimizer(args, params):
    return OPTIMIZERS[args.optimizer](params, lr=args.lr)
