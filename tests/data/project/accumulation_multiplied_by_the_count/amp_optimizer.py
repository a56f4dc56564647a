# expect: ZG501 20:9
"""An optimizer wrapper that scales the loss for gradient accumulation, backpropagates through its GradScaler and
steps only when the caller says (VAR's utils/amp_sc.py before 4ef90a9): `r_accu` is meant to be 1 / n (its comment
says so) but is n, so the loss is multiplied by the number of accumulated micro-batches instead of divided by it
(reported at the backward, as ZG501 points)."""

import torch


class AmpOptimizer:
    def __init__(self, optimizer, params, grad_clip, n_gradient_accumulation=1):
        self.optimizer = optimizer
        self.params = params
        self.grad_clip = grad_clip
        self.scaler = torch.cuda.amp.GradScaler()
        self.r_accu = n_gradient_accumulation  # r_accu == 1 / n_gradient_accumulation

    def backward_clip_step(self, stepping, loss):
        loss = loss.mul(self.r_accu)
        self.scaler.scale(loss).backward()
        if stepping:
            self.scaler.unscale_(self.optimizer)
            torch.nn.utils.clip_grad_norm_(self.params, self.grad_clip)
            self.scaler.step(self.optimizer)
            self.scaler.update()
            self.optimizer.zero_grad(set_to_none=True)
