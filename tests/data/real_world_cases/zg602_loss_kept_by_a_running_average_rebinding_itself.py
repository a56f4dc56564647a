# expect: ZG602 15:9
"""A few-shot trainer's running average of the training loss (FEAT's model/utils.py `Averager`): `add` rebinds
`self.v = (self.v * self.n + x) / (self.n + 1)`, and the epoch hands it the cross-entropy that the backward is given,
untouched (`tl2.add(loss)`). The new average is built from the old one, so it keeps every batch's graph until the epoch
ends (RULES.md ZG602: `running = running + loss`, here through a product and a quotient; reported where the meter keeps
it, as `self.sum += val * n`)."""


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
        average.add(loss)
        loss.backward()
        optimizer.step()
    return average.item()
