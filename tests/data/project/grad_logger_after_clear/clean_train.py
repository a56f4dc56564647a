# expect: clean
"""The twin: the helper that skips the parameters without a gradient, logged before the clear."""

import torch

from utils.logging import present_grad_norms


def train(model, loader, criterion, log_every, logger):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
    for step, (x, y) in enumerate(loader):
        loss = criterion(model(x), y)
        loss.backward()
        if step % log_every == 0:
            logger.log(present_grad_norms(model))
        optimizer.step()
        optimizer.zero_grad(set_to_none=True)
