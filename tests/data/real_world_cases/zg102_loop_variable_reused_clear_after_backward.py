"""The twin: the optimizers' loop, written with the same target name as the models' loop, clears after the backward
and before the steps."""

# expect: ZG102 20:17


class Trainer:
    def __init__(self, models, optimizers, loader):
        self.models = models
        self.optimizers = optimizers
        self.loader = loader

    def train(self):
        for batch in self.loader:
            for v in self.models.values():
                v.zero_grad()
            loss = self.models["trunk"](batch).sum()
            loss.backward()
            for v in self.optimizers.values():
                v.zero_grad()
            for k in self.optimizers.keys():
                self.optimizers[k].step()
