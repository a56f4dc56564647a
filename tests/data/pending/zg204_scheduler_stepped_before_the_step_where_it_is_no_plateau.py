"""jackroos/VL-BERT's common/trainer.py `train`, with the scheduler its callers build (vqa/function/train.py and the
other tasks' train.py): `ReduceLROnPlateau` when `config.TRAIN.LR_SCHEDULE == 'plateau'`, else `WarmupMultiStepLR`
of common/lr_scheduler.py (a `torch.optim.lr_scheduler._LRScheduler` subclass on the same optimizer) or
`WarmupLinearSchedule`. Under the accumulation guard the scheduler is stepped, where it is no plateau
(`not isinstance(lr_scheduler, ReduceLROnPlateau)`), before `optimizer.step()`: the warm-up's first value is skipped
(RULES.md ZG204). Missed: a scheduler bound on branches to a plateau or a torch scheduler is not known to be a torch
scheduler, and the `isinstance` test that rules the plateau out on the stepping path is not read; bound to the
subclass on both branches it is reported."""
# expect: ZG204 31:21
import torch


class WarmupMultiStepLR(torch.optim.lr_scheduler._LRScheduler):
    def __init__(self, optimizer, milestones, gamma=0.1, last_epoch=-1):
        self.milestones = milestones
        self.gamma = gamma
        super().__init__(optimizer, last_epoch)

    def get_lr(self):
        return [base_lr for base_lr in self.base_lrs]


def train(net, optimizer, lr_scheduler, train_loader, epochs, accumulate_steps=1):
    for epoch in range(epochs):
        for nbatch, batch in enumerate(train_loader):
            global_steps = len(train_loader) * epoch + nbatch
            loss = net(batch).mean() / accumulate_steps
            loss.backward()
            if (global_steps + 1) % accumulate_steps == 0:
                if lr_scheduler is not None and not isinstance(lr_scheduler, torch.optim.lr_scheduler.ReduceLROnPlateau):
                    lr_scheduler.step()
                optimizer.step()
                optimizer.zero_grad()


def main(config, model, train_loader):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
    if config.LR_SCHEDULE == "plateau":
        lr_scheduler = torch.optim.lr_scheduler.ReduceLROnPlateau(optimizer, mode="max")
    else:
        lr_scheduler = WarmupMultiStepLR(optimizer, milestones=[10, 20])
    train(model, optimizer, lr_scheduler, train_loader, config.END_EPOCH, config.GRAD_ACCUMULATE_STEPS)
