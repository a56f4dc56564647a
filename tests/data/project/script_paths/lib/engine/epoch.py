# expect: clean
"""One epoch of training: each batch clears, backpropagates and steps."""

from helpers.meters import AverageMeter


def train_one_epoch(net, loader, loss_fn, optimizer):
    net.train()
    losses = AverageMeter()
    for images, labels in loader:
        optimizer.zero_grad()
        loss = loss_fn(net(images), labels)
        loss.backward()
        optimizer.step()
        losses.update(loss.item())
    return losses.average
