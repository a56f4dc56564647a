# expect: clean
import torch

from .base import BaseTrainer


class AmpTrainer(BaseTrainer):
    def __init__(self, model, loader, lr=1e-3, max_norm=1.0):
        super().__init__(model, loader, lr)
        self.scaler = torch.cuda.amp.GradScaler()
        self.max_norm = max_norm

    def training_step(self, batch):
        with torch.autocast("cuda", dtype=torch.float16):
            loss = super().training_step(batch)
        self.scaler.scale(loss).backward()
        self.scaler.unscale_(self.optimizer)
        torch.nn.utils.clip_grad_norm_(self.model.parameters(), self.max_norm)
        self.scaler.step(self.optimizer)
        self.scaler.update()
        return loss
