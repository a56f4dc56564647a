# expect: clean
"""The optimizers as config values: `functools.partial`s of torch's classes, handed the parameters later."""

import functools

import torch

make_optimizer = functools.partial(torch.optim.AdamW, lr=3e-4, betas=(0.9, 0.95), weight_decay=0.1)
make_probe_optimizer = functools.partial(torch.optim.SGD, lr=0.1)
