# expect: ZG105 13:9
"""A segmenter's step copied from the classifier's, with the clear moved to the top of every batch: the updates
every `accum` batches see only the last batch's gradients (reported at the clear, for the base's loop)."""

import torch

from .base import BaseTrainer


class SegmenterTrainer(BaseTrainer):
    def train_step(self, i, x, y):
        need_update = (i + 1) % self.cfg.accum == 0
        self.optimizer.zero_grad()
        with torch.autocast("cuda", enabled=self.loss_scaler is not None):
            loss = torch.nn.functional.cross_entropy(self.model(x)["out"], y) / self.cfg.accum
        if self.loss_scaler is not None:
            self.loss_scaler(
                loss, self.optimizer, clip_grad=self.cfg.clip, parameters=self.model.parameters(), update_grad=need_update
            )
        else:
            loss.backward()
            if need_update:
                torch.nn.utils.clip_grad_norm_(self.model.parameters(), self.cfg.clip)
                self.optimizer.step()
