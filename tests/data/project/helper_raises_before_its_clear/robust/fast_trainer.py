# expect: ZG101 24:13
"""The twin: `fast_loss` returns before its clear when the configured attack is not FGSM, and the loop goes on to
the backward and the step, every iteration, with nothing cleared."""

import torch
import torch.nn.functional as F

from .losses import fast_loss


class FastTrainer(object):
    def __init__(self, model, args):
        self.model = model
        self.params = args
        self.optimizer = torch.optim.SGD(self.model.parameters(), lr=args.lr, momentum=0.9)

    def train(self, dataloader, adversarial=False):
        for x, y in dataloader:
            if adversarial:
                loss, batch_metrics = self.fast_loss(x, y)
            else:
                loss, batch_metrics = self.standard_loss(x, y)
            loss.backward()
            self.optimizer.step()

    def standard_loss(self, x, y):
        self.optimizer.zero_grad()
        loss = F.cross_entropy(self.model(x), y)
        return loss, {"loss": loss.item()}

    def fast_loss(self, x, y):
        return fast_loss(self.model, x, y, self.optimizer, attack=self.params.attack)
