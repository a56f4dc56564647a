# expect: clean
"""The twin: the same decay written into the optimizer's parameter groups, its state kept."""

from engine import Trainer


class GroupDecayTrainer(Trainer):
    def on_epoch_start(self, epoch):
        lr = self.cfg.lr * self.cfg.gamma ** (epoch // self.cfg.step_size)
        for group in self.optimizer.param_groups:
            group["lr"] = lr
