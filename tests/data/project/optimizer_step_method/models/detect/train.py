# expect: clean
"""The detection task: the base class's optimizer step, this task's model and loss."""

from engine.trainer import BaseTrainer
from utils.loss import BoxLoss


class DetectionTrainer(BaseTrainer):
    def get_model(self, cfg):
        model = cfg.model_class(cfg.nc)
        self.criterion = BoxLoss(model)
        return model

    def compute_loss(self, batch):
        preds = self.model(batch["img"])
        return self.criterion(preds, batch)

    def get_dataloader(self, path, batch_size):
        return self.cfg.loader_class(path, batch_size)
