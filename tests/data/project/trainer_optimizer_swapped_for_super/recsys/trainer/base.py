# expect: clean
"""The recommender trainer (RecBole's `Trainer` shape): `fit` runs `_train_epoch` once per epoch; each batch is cleared,
scaled, unscaled before the clip, and stepped through the mixin's scaler."""

from torch.nn.utils import clip_grad_norm_

from .amp import AmpMixin
from .optim import build_optimizer


class Trainer(AmpMixin):
    def __init__(self, config, model) -> None:
        self.config = config
        self.model = model
        self.epochs = config["epochs"]
        self.clip_grad_norm = config["clip_grad_norm"]
        self.optimizer = build_optimizer(self.model.parameters(), config)
        self.setup_amp(config)

    def fit(self, train_data) -> list:
        history = []
        for epoch_idx in range(self.epochs):
            self.model.train()
            history.append(self._train_epoch(train_data, epoch_idx))
        return history

    def _train_epoch(self, train_data, epoch_idx, loss_func=None) -> float:
        loss_func = loss_func or self.model.calculate_loss
        total_loss = 0.0
        for interaction in train_data:
            self.optimizer.zero_grad()
            loss = loss_func(interaction)
            self.scaler.scale(loss).backward()
            if self.clip_grad_norm:
                self.scaler.unscale_(self.optimizer)
                clip_grad_norm_(self.model.parameters(), self.clip_grad_norm)
            self.scaler.step(self.optimizer)
            self.scaler.update()
            total_loss += loss.item()
        return total_loss
