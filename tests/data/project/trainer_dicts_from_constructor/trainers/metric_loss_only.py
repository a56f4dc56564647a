# expect: clean
from .base_trainer import BaseTrainer


class MetricLossOnly(BaseTrainer):
    def calculate_loss(self, batch):
        data, labels = batch
        embeddings = self.models["embedder"](self.models["trunk"](data))
        self.losses["metric_loss"] = self.loss_funcs["metric_loss"](embeddings, labels)
