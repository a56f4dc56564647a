# expect: clean
"""Mixins that log the gradient norm between the backward and the step: one unscales first (so the norm is the
true one), the other reads the norm of the unscaled gradients the trainer's own `unscale_` already made."""

import torch


class UnscalingNormLogger:
    def log_grad_norm(self):
        self.scaler.unscale_(self.optimizer)
        norm = torch.nn.utils.clip_grad_norm_(self.model.parameters(), float("inf"))
        self.history.append(norm.item())


class NormLogger:
    def log_grad_norm(self):
        norm = torch.nn.utils.clip_grad_norm_(self.model.parameters(), float("inf"))
        self.history.append(norm.item())
