# expect: clean
"""A classifier's step in timm's shape: `accum` batches per update; with AMP the loss scaler backpropagates, and
when `update_grad` holds unscales, clips and steps; without it, a plain backward and, on the update, a clip and a
step. The clear follows each update, under the same test."""

import torch

from .base import BaseTrainer


class ClassifierTrainer(BaseTrainer):
    def train_step(self, i, x, y):
        need_update = (i + 1) % self.cfg.accum == 0
        with torch.autocast("cuda", enabled=self.loss_scaler is not None):
            loss = torch.nn.functional.cross_entropy(self.model(x), y) / self.cfg.accum
        if self.loss_scaler is not None:
            self.loss_scaler(
                loss, self.optimizer, clip_grad=self.cfg.clip, parameters=self.model.parameters(), update_grad=need_update
            )
        else:
            loss.backward()
            if need_update:
                torch.nn.utils.clip_grad_norm_(self.model.parameters(), self.cfg.clip)
                self.optimizer.step()
        if need_update:
            self.optimizer.zero_grad()
