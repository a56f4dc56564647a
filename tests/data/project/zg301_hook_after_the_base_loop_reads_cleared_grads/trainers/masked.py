# expect: ZG301 13:10
"""The hook of a subclass (plato's maskcrypt_trainer.py shape): it zeroes every parameter's gradient in place after
the base's loop, whose clear after each step left every `.grad` None: `x.grad.zero_()` raises there (ZG301, the clear
of `basic.py` named)."""

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
