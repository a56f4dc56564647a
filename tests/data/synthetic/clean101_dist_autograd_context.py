"""Distributed autograd: gradients live in the context; no clear needed.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: clean
import torch.distributed.autograd as dist_autograd
from torch import optim
from torch.distributed.optim import DistributedOptimizer


def train(remote_model, param_rrefs, batches, loss_fn):
    dist_optim = DistributedOptimizer(optim.SGD, param_rrefs, lr=0.05)
    for inputs, target in batches:
        with dist_autograd.context() as context_id:
            loss = loss_fn(remote_model(inputs), target)
            dist_autograd.backward(context_id, [loss])
            dist_optim.step(context_id)
