# expect: ZG401 23:17
"""A knowledge-graph recommender's trainer: the base's epoch on the interactions, then a pass over the graph's triples
that clips before unscaling, so the threshold applies to gradients the scaler still multiplies."""

from torch.nn.utils import clip_grad_norm_

from .base import Trainer


class KGTrainer(Trainer):
    def __init__(self, config, model) -> None:
        super().__init__(config, model)
        self.kg_weight = config["kg_weight"]

    def _train_epoch(self, train_data, epoch_idx, loss_func=None) -> float:
        rs_loss = super()._train_epoch(train_data, epoch_idx)
        kg_loss = 0.0
        for triples in train_data.kg_batches():
            self.optimizer.zero_grad()
            loss = self.kg_weight * self.model.calculate_kg_loss(triples)
            self.scaler.scale(loss).backward()
            if self.clip_grad_norm:
                clip_grad_norm_(self.model.parameters(), self.clip_grad_norm)
            self.scaler.step(self.optimizer)
            self.scaler.update()
            kg_loss += loss.item()
        return rs_loss + kg_loss
