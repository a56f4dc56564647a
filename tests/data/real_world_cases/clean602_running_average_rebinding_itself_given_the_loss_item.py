# expect: clean
"""The twin of zg602_loss_kept_by_a_running_average_rebinding_itself.py: the epoch hands the running average the
loss's value (`loss.item()`), a number, so the average rebound from itself keeps no graph (RULES.md ZG602)."""


class Averager:
    def __init__(self):
        self.n = 0
        self.v = 0

    def add(self, x):
        self.v = (self.v * self.n + x) / (self.n + 1)
        self.n += 1

    def item(self):
        return self.v


def train_epoch(model, loader, optimizer, criterion):
    average = Averager()
    for x, y in loader:
        optimizer.zero_grad()
        loss = criterion(model(x), y)
        average.add(loss.item())
        loss.backward()
        optimizer.step()
    return average.item()
