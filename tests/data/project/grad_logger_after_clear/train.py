# expect: clean
"""The loop logs the gradient norms every `log_every` steps, after the clear that set them to None."""

import torch

from utils.logging import grad_norms


def train(model, loader, criterion, log_every, logger):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
    for step, (x, y) in enumerate(loader):
        loss = criterion(model(x), y)
        loss.backward()
        optimizer.step()
        optimizer.zero_grad(set_to_none=True)
        if step % log_every == 0:
            logger.log(grad_norms(model))
