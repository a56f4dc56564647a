# expect: clean
"""A trainer whose epoch loop backpropagates and steps the loss a helper of another module returned; every helper
clears the optimizer (standard_loss here, trades_loss there, which raises on an unknown attack before its clear: the
run ends there, so no step follows that path)."""

import torch
import torch.nn.functional as F

from .losses import trades_loss


class Trainer(object):
    def __init__(self, model, args):
        self.model = model
        self.params = args
        self.optimizer = torch.optim.SGD(self.model.parameters(), lr=args.lr, momentum=0.9)

    def train(self, dataloader, adversarial=False):
        for x, y in dataloader:
            if adversarial:
                loss, batch_metrics = self.trades_loss(x, y)
            else:
                loss, batch_metrics = self.standard_loss(x, y)
            loss.backward()
            self.optimizer.step()

    def standard_loss(self, x, y):
        self.optimizer.zero_grad()
        loss = F.cross_entropy(self.model(x), y)
        return loss, {"loss": loss.item()}

    def trades_loss(self, x, y):
        return trades_loss(self.model, x, y, self.optimizer, attack=self.params.attack)
