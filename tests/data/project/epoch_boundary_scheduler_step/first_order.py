# expect: ZG204 18:13
"""The scheduler is stepped whenever the epoch handed differs from the last one seen, and none was seen before the
first call: the first batch steps the schedule before the optimizer's first step, skipping its first value."""

import torch

from continual.model import ContinualModel


class FirstOrder(ContinualModel):
    def __init__(self, net, lr):
        super().__init__(net, lr)
        self.scheduler = torch.optim.lr_scheduler.StepLR(self.opt, step_size=1)
        self.old_epoch = None

    def observe(self, inputs, labels, epoch=None):
        if self.old_epoch != epoch:
            self.scheduler.step()
            self.old_epoch = epoch
        loss = torch.nn.functional.cross_entropy(self.net(inputs), labels)
        loss.backward()
        self.opt.step()
        self.opt.zero_grad()
        return loss.item()
