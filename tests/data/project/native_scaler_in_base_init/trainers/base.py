# expect: clean
"""The base trainer: timm's `NativeScaler` kept on the trainer when the run uses AMP (None otherwise), the optimizer
cleared once before the epoch's batches, and each batch handed to the subclass's `train_step` with its index."""

from timm.utils import NativeScaler


class BaseTrainer:
    def __init__(self, model, optimizer, cfg):
        self.model = model
        self.optimizer = optimizer
        self.cfg = cfg
        self.loss_scaler = NativeScaler() if cfg.amp else None

    def train_epoch(self, loader):
        self.optimizer.zero_grad()
        for i, (x, y) in enumerate(loader):
            self.train_step(i, x, y)

    def train_step(self, i, x, y):
        raise NotImplementedError
