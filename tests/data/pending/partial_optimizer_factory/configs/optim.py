# expect: clean
"""The optimizer as a config value: a `functools.partial` of torch's class, handed the parameters later."""

import functools

import torch

make_optimizer = functools.partial(torch.optim.AdamW, lr=3e-4, betas=(0.9, 0.95), weight_decay=0.1)
