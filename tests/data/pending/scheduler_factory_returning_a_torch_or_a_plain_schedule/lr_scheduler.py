"""The project's schedules (maskrcnn-benchmark's solver, as KaihuaTang/Scene-Graph-Benchmark.pytorch keeps it): a
warm-up multi-step schedule deriving from torch's `_LRScheduler`, and a warm-up plateau schedule of its own (a plain
object whose `step` needs the metric)."""
# expect: clean
import torch


class WarmupMultiStepLR(torch.optim.lr_scheduler._LRScheduler):
    def __init__(self, optimizer, milestones, gamma=0.1, warmup_iters=500, last_epoch=-1):
        self.milestones = milestones
        self.gamma = gamma
        self.warmup_iters = warmup_iters
        super().__init__(optimizer, last_epoch)

    def get_lr(self):
        warmup = min(1.0, (self.last_epoch + 1) / self.warmup_iters)
        return [base_lr * warmup for base_lr in self.base_lrs]


class WarmupReduceLROnPlateau(object):
    def __init__(self, optimizer, factor=0.5, patience=2):
        self.optimizer = optimizer
        self.factor = factor
        self.patience = patience
        self.best = None

    def step(self, metrics, epoch=None):
        if self.best is None or metrics > self.best:
            self.best = metrics
