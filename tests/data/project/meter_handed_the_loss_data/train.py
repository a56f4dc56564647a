# expect: clean
"""The twin of meter_kept_loss/ in video and continual-learning trainers: the meter gets `loss.data`, the loss's tensor without its graph
(as `loss.detach()`), bound to the meter's parameter: it keeps no graph."""

import torch

from utils.meters import AverageMeter


def train_one_epoch(model, loader, criterion, optimizer, epoch, print_freq):
    losses = AverageMeter("Loss")
    model.train()
    for i, (images, target) in enumerate(loader):
        optimizer.zero_grad()
        output = model(images)
        loss = criterion(output, target)
        losses.update(loss.data, images.size(0))
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
