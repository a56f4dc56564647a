# expect: clean
"""An epoch over the prefetcher, `while` its batch is not None: the helper of utils/optim.py clears at the top of
each iteration and the loop clears again at the bottom, after the step: the top clear finds the gradients already
clear on every iteration after the first (reported on the helper's clear, in utils/optim.py)."""

import torch

from utils import CudaPrefetcher, reset_grads


def train_epoch(model, loader, optimizer, criterion, device):
    model.train()
    prefetcher = CudaPrefetcher(loader, device)
    images, targets = prefetcher.next()
    seen = 0
    while images is not None:
        reset_grads(optimizer)
        loss = criterion(model(images), targets)
        loss.backward()
        optimizer.step()
        optimizer.zero_grad()
        seen += images.size(0)
        images, targets = prefetcher.next()
    return seen
