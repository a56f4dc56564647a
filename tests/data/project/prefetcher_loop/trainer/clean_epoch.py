# expect: clean
"""The twin: iterating the prefetcher with `for`, one clear per iteration (the helper's)."""

from utils import CudaPrefetcher, reset_grads


def train_epoch(model, loader, optimizer, criterion, device):
    model.train()
    for images, targets in CudaPrefetcher(loader, device):
        reset_grads(optimizer)
        loss = criterion(model(images), targets)
        loss.backward()
        optimizer.step()
