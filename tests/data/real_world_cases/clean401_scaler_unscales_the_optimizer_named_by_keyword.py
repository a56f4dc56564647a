# expect: clean
"""The twin of zg501_scaler_given_the_optimizer_by_keyword.py with each micro-batch's loss divided by `accum_freq`.

`scaler.unscale_(optimizer=...)` unscales the optimizer it names before the clip, as the positional form does, so
the clip measures unscaled gradients (no ZG401), and the step through the scaler, named by keyword too, follows.
"""
import torch


class Trainer:
    def __init__(self, model, criteria, optimizer, scaler, loader, accum_freq, max_norm):
        self.model = model
        self.criteria = criteria
        self.optimizer = optimizer
        self.gradient_scaler = scaler
        self.train_loader = loader
        self.accum_freq = accum_freq
        self.max_norm = max_norm

    def _zero_grad(self):
        self.optimizer.zero_grad(set_to_none=True)

    def train_epoch(self):
        self.model.train()
        self._zero_grad()
        for batch_id, (samples, targets) in enumerate(self.train_loader):
            with torch.autocast("cuda"):
                prediction = self.model(samples)
                loss = self.criteria(prediction, targets)

            self.gradient_scaler.scale(loss / self.accum_freq).backward()

            if (batch_id + 1) % self.accum_freq == 0:
                self.gradient_scaler.unscale_(optimizer=self.optimizer)
                torch.nn.utils.clip_grad_norm_(self.model.parameters(), max_norm=self.max_norm)
                self.gradient_scaler.step(optimizer=self.optimizer)
                self.gradient_scaler.update()
                self._zero_grad()
