# expect: ZG204 15:13
"""A trainer that 'warms up' its schedule at the start of each epoch by stepping it once more: at epoch 0 the
schedule steps before the optimizer's first step, so its first value is skipped."""

from .trainer import Trainer


class RestartingTrainer(Trainer):
    def __init__(self, model, loader, cfg):
        super().__init__(model, loader, cfg)
        self.restart_every = cfg.restart_every

    def on_epoch_start(self, epoch):
        if epoch % self.restart_every == 0:
            self.scheduler.step()
