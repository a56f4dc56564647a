# expect: clean
"""A step decay of the learning rate, applied by building the optimizer again with the new rate at the start of
each epoch: AdamW's moments start from zero every epoch."""

from engine import Trainer


class RebuildingDecayTrainer(Trainer):
    def on_epoch_start(self, epoch):
        lr = self.cfg.lr * self.cfg.gamma ** (epoch // self.cfg.step_size)
        self.optimizer = self.build_optimizer(lr)
