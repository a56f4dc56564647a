# expect: ZG401 32:20
"""The twin of mixed.py whose GradScaler branch hands `clip` no scaler: `if scaler:` is false there, nothing
unscales, and the clip sees scaled gradients (ZG401): a call on `self.scaler` elsewhere says nothing of `None`."""

import contextlib

import torch

from .base import BaseTrainer


class ForgetfulTrainer(BaseTrainer):
    def __init__(self, model, loader, epochs, use_context, use_scaler, accum_steps, max_norm, after_epoch, log_every):
        super().__init__(model, loader, epochs)
        self.optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3)
        self.scheduler = torch.optim.lr_scheduler.StepLR(self.optimizer, step_size=10)
        self.use_context = use_context
        self.use_scaler = use_scaler
        self.accum_steps = accum_steps
        self.max_norm = max_norm
        self.after_epoch = after_epoch
        self.log_every = log_every
        self.scaler = torch.amp.GradScaler("cuda") if use_scaler else None

    def norm(self):
        return torch.norm(torch.stack([p.grad.norm() for p in self.model.parameters() if p.grad is not None]))

    def clip(self, max_norm, scaler):
        if max_norm is not None and max_norm > 0:
            if scaler:
                scaler.unscale_(self.optimizer)
            return torch.nn.utils.clip_grad_norm_(self.model.parameters(), max_norm)
        return self.norm()

    def optimize(self, batch, scaler, step_now):
        inputs, targets = batch
        loss = torch.nn.functional.mse_loss(self.model(inputs), targets)
        if not torch.isfinite(loss):
            return None
        loss = loss / self.accum_steps
        norm = 0
        stepped = True
        if self.use_context:
            with contextlib.nullcontext():
                loss.backward()
                norm = self.norm()
                if step_now and self.max_norm > 0:
                    torch.nn.utils.clip_grad_norm_(self.model.parameters(), self.max_norm)
                self.optimizer.step()
                if not self.after_epoch:
                    self.scheduler.step()
                self.optimizer.zero_grad()
        else:
            if self.use_scaler:
                scaler.scale(loss).backward()
                if step_now:
                    norm = self.clip(self.max_norm, None)
                    before = scaler.get_scale()
                    scaler.step(self.optimizer)
                    scaler.update()
                    stepped = before <= scaler.get_scale()
            else:
                loss.backward()
                if step_now:
                    if self.max_norm > 0:
                        norm = torch.nn.utils.clip_grad_norm_(self.model.parameters(), self.max_norm)
                    self.optimizer.step()
            if stepped and not self.after_epoch and step_now:
                self.scheduler.step()
            if step_now:
                self.optimizer.zero_grad()
        if isinstance(norm, torch.Tensor) and not torch.isfinite(norm):
            norm = 0
        return loss.item(), float(norm)

    def train_step(self, batch, step):
        step_now = (step + 1) % self.accum_steps == 0 or step + 1 == len(self.loader)
        result = self.optimize(batch, self.scaler, step_now)
        if result is not None and step % self.log_every == 0:
            print(result)
