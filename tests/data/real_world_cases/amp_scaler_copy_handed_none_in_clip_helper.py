# expect: ZG401 17:9
"""The twin of amp_scaler_copy_tested_in_clip_helper.py whose AMP arm hands the clip helper `None` for the scaler:
the helper clips the scaled gradients without unscaling them."""
import torch


class Trainer:
    def __init__(self, model, optimizers, use_amp):
        self.model = model
        self.optimizers = optimizers
        self.use_amp = use_amp
        self.scaler = torch.cuda.amp.GradScaler() if use_amp else None

    def clip(self, optimizer, scaler):
        if scaler:
            scaler.unscale_(optimizer)
        torch.nn.utils.clip_grad_norm_(self.model.parameters(), 1.0)

    def optimize(self, batch, optimizer, scaler):
        loss = self.model(batch).sum()
        if self.use_amp:
            scaler.scale(loss).backward()
            self.clip(optimizer, None)
            scaler.step(optimizer)
            scaler.update()
        else:
            loss.backward()
            torch.nn.utils.clip_grad_norm_(self.model.parameters(), 1.0)
            optimizer.step()
        optimizer.zero_grad()

    def train_step(self, batch):
        if not isinstance(self.optimizers, list):
            self.optimize(batch, self.optimizers, self.scaler)
        else:
            for optimizer in self.optimizers:
                scaler = self.scaler
                self.optimize(batch, optimizer, scaler)

    def train_epoch(self, loader):
        for batch in loader:
            self.train_step(batch)
