# expect: ZG401 28:9
"""Two levels down: mixed precision. `AmpTrainer` clips the scaled gradients (no `unscale_` first), so its clip
threshold is applied to gradients 65536 times too large; `UnscalingAmpTrainer` unscales first."""

import torch

from engine.simple import SimpleTrainer


class AmpTrainer(SimpleTrainer):
    def __init__(self, model, data_loader, optimizer, max_iter, clip_norm, grad_scaler=None):
        super().__init__(model, data_loader, optimizer, max_iter)
        if grad_scaler is None:
            grad_scaler = torch.amp.GradScaler("cuda")
        self.grad_scaler = grad_scaler
        self.clip_norm = clip_norm

    def run_step(self):
        self.optimizer.zero_grad()
        with torch.autocast("cuda"):
            losses = self.compute_losses()
        self.grad_scaler.scale(losses).backward()
        self.clip()
        self.grad_scaler.step(self.optimizer)
        self.grad_scaler.update()

    def clip(self):
        torch.nn.utils.clip_grad_norm_(self.model.parameters(), self.clip_norm)


class UnscalingAmpTrainer(AmpTrainer):
    def run_step(self):
        self.optimizer.zero_grad()
        with torch.autocast("cuda"):
            losses = self.compute_losses()
        self.grad_scaler.scale(losses).backward()
        self.grad_scaler.unscale_(self.optimizer)
        self.clip()
        self.grad_scaler.step(self.optimizer)
        self.grad_scaler.update()
