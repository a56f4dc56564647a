# expect: clean
"""One epoch of training and one of evaluation, each timed by a decorator of utils/."""

import torch

from utils.timing import log_duration


@log_duration
def train_one_epoch(model, loader, optimizer, criterion, device):
    model.train()
    for images, targets in loader:
        images, targets = images.to(device), targets.to(device)
        optimizer.zero_grad()
        loss = criterion(model(images), targets)
        loss.backward()
        optimizer.step()


@log_duration
@torch.no_grad()
def evaluate(model, loader, device):
    model.eval()
    correct = 0
    for images, targets in loader:
        correct += (model(images.to(device)).argmax(1) == targets.to(device)).sum().item()
    return correct / len(loader.dataset)
