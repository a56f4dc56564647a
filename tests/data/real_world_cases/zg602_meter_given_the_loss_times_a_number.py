# expect: ZG602 11:9
"""SpareNet's meter handed a loss term scaled for display, `losses.update(loss * 1000, n)`: the product is a tensor with
the loss's graph, and the meter adds it into its sum every iteration (reported where it is kept)."""

class AverageMeter:
    def __init__(self):
        self.sum = 0
        self.count = 0

    def update(self, val, n=1):
        self.sum += val * n
        self.count += n


def train(model, loader, optimizer, criterion):
    losses = AverageMeter()
    for x, y in loader:
        optimizer.zero_grad()
        loss = criterion(model(x), y)
        loss.backward()
        optimizer.step()
        losses.update(loss * 1000, x.size(0))
    return losses.sum
