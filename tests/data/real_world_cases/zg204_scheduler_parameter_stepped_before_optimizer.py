"""A training function given its optimizer and scheduler steps the scheduler at the top of each iteration.

Shape of lufficc/SSD before PR #98 (9411dce): `do_train(model, loader,
optimizer, scheduler)` calls `scheduler.step()` first in every iteration and
`optimizer.step()` after the backward; the caller builds the optimizer and a
warmup multi-step schedule deriving from torch's `_LRScheduler` on it and
hands both in (upstream the caller and the schedule sit in other modules).
The first value of the schedule is skipped (RULES.md ZG204). In one file
main 6c9436b reports it; the upstream tree, where the scheduler comes from
another module, is silent (history pair lufficc/SSD 9411dce).
"""
# expect: ZG204 34:9
import torch
from torch import nn
from torch.optim.lr_scheduler import _LRScheduler


class WarmupMultiStepLR(_LRScheduler):
    def __init__(self, optimizer, milestones, gamma=0.1, warmup_iters=5, last_epoch=-1):
        self.milestones = milestones
        self.gamma = gamma
        self.warmup_iters = warmup_iters
        super().__init__(optimizer, last_epoch)

    def get_lr(self):
        warmup = min(1.0, (self.last_epoch + 1) / self.warmup_iters)
        decay = self.gamma ** sum(1 for m in self.milestones if m <= self.last_epoch)
        return [base * warmup * decay for base in self.base_lrs]


def do_train(model, loader, optimizer, scheduler):
    model.train()
    for iteration, (images, targets) in enumerate(loader, start=1):
        scheduler.step()
        optimizer.zero_grad()
        loss = nn.functional.mse_loss(model(images), targets)
        loss.backward()
        optimizer.step()
    return model


model = nn.Linear(8, 4)
optimizer = torch.optim.SGD(model.parameters(), lr=1e-3, momentum=0.9)
scheduler = WarmupMultiStepLR(optimizer, milestones=[6, 9])
do_train(model, [(torch.randn(2, 8), torch.randn(2, 4)) for _ in range(10)], optimizer, scheduler)
