"""A training engine whose GradScaler is handed the optimizer by keyword, the loss not divided (ml-cvnets' shape).

`scaler.step(optimizer=...)` and `scaler.unscale_(optimizer=...)` are GradScaler's own calls with the optimizer
named: the same step and unscale as the positional forms. The engine accumulates `accum_freq` micro-batches under
`(batch_id + 1) % accum_freq == 0` and backpropagates each undivided loss, so the effective learning rate is
`accum_freq` times larger (RULES.md ZG501).
"""
# expect: ZG501 33:13
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

            self.gradient_scaler.scale(loss).backward()

            if (batch_id + 1) % self.accum_freq == 0:
                self.gradient_scaler.unscale_(optimizer=self.optimizer)
                torch.nn.utils.clip_grad_norm_(self.model.parameters(), max_norm=self.max_norm)
                self.gradient_scaler.step(optimizer=self.optimizer)
                self.gradient_scaler.update()
                self._zero_grad()
