# expect: clean
"""coqui-ai/Trainer's trainer.py: `train_step` hands `optimize` the trainer's scaler, directly for one optimizer and
through a copy (`scaler = self.scaler`) in the loop over several; the clip helper unscales `if scaler:`. The copy
splits the paths into a true and a false scaler; on the false one `scaler.scale(loss)` would have raised, so no
path reaches the helper's clip with the scaler false after a scaled backward.
Twin: amp_scaler_copy_handed_none_in_clip_helper.py."""
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
            self.clip(optimizer, scaler)
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
