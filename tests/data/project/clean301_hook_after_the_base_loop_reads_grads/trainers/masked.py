# expect: ZG302 15:10
"""The hook of a subclass (plato's maskcrypt_trainer.py shape, TL-System/plato examples/secure_aggregation/maskcrypt/
maskcrypt_trainer.py:24): after the base's loop, it zeroes every parameter's gradient in place and sums the gradient
of the whole local data set. The base's loop ended with a backward and a step, so each `.grad` is a tensor there (the
model uses all its parameters): no ZG301 (RULES.md: the file must show a None), the opt-in ZG302 of an unguarded read
only."""

import torch

from trainers import basic


class Trainer(basic.Trainer):
    def train_run_end(self, config):
        [x.grad.zero_() for x in list(self.model.parameters())]
        for examples, labels in self.train_loader:
            loss = torch.nn.functional.cross_entropy(self.model(examples), labels)
            loss = loss * (len(labels) / config["samples"])
            loss.backward()
        self.gradient = {name: p.grad for name, p in self.model.named_parameters()}
