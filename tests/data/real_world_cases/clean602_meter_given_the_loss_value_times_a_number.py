# expect: clean
"""The twin: the meter is handed the scaled value, `loss.item() * 1000`, and an accuracy computed by a call (a number
or a tensor without the graph: a call is not followed as arithmetic on a tensor is)."""

class AverageMeter:
    def __init__(self):
        self.sum = 0
        self.count = 0

    def update(self, val, n=1):
        self.sum += val * n
        self.count += n


def accuracy(out, y):
    return (out.argmax(-1) == y).float().mean()


def train(model, loader, optimizer, criterion):
    losses = AverageMeter()
    accuracies = AverageMeter()
    for x, y in loader:
        optimizer.zero_grad()
        loss = criterion(model(x), y)
        loss.backward()
        optimizer.step()
        losses.update(loss.item() * 1000, x.size(0))
        accuracies.update(accuracy(model(x), y) * 100, x.size(0))
    return losses.sum
