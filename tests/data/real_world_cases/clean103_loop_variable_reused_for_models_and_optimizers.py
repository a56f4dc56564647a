"""One name for the targets of two loops (pytorch-metric-learning's `BaseTrainer.zero_grad`: `for v in
self.models.values(): v.zero_grad()`, then `for v in self.optimizers.values(): v.zero_grad()`): each loop's `v` is an
element of its own collection. Read as the models' element in both, the optimizers' clear was a second clear of the
same receiver (a false ZG103), and the optimizers' keys never cleared (a false ZG101 where a subclass steps
`self.optimizers[k]`)."""

# expect: clean


class Trainer:
    def __init__(self, models, optimizers, loader):
        self.models = models
        self.optimizers = optimizers
        self.loader = loader

    def train(self):
        for batch in self.loader:
            for v in self.models.values():
                v.zero_grad()
            for v in self.optimizers.values():
                v.zero_grad()
            loss = self.models["trunk"](batch).sum()
            loss.backward()
            for k in self.optimizers.keys():
                self.optimizers[k].step()
