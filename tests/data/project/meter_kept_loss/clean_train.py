# expect: clean
"""The twin: the meter gets the loss's value (`loss.item()`)."""

import torch

from utils.meters import AverageMeter


def train_one_epoch(model, loader, criterion, optimizer, epoch, print_freq):
    losses = AverageMeter("Loss")
    model.train()
    for i, (images, target) in enumerate(loader):
        optimizer.zero_grad()
        output = model(images)
        loss = criterion(output, target)
        losses.update(loss.item(), images.size(0))
        loss.backward()
        optimizer.step()
        if i % print_freq == 0:
            print(f"epoch {epoch} [{i}/{len(loader)}] {losses}")
    return losses.avg


def main(model, loader, epochs):
    criterion = torch.nn.CrossEntropyLoss()
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
    for epoch in range(epochs):
        train_one_epoch(model, loader, criterion, optimizer, epoch, print_freq=10)
