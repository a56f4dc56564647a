# expect: clean
"""The twin (VAR's fix, 4ef90a9): `r_accu` is 1 / n, the loss divided by the number of accumulated micro-batches."""

import torch


class AmpOptimizer:
    def __init__(self, optimizer, params, grad_clip, n_gradient_accumulation=1):
        self.optimizer = optimizer
        self.params = params
        self.grad_clip = grad_clip
        self.scaler = torch.cuda.amp.GradScaler()
        self.r_accu = 1 / n_gradient_accumulation

    def backward_clip_step(self, stepping, loss):
        loss = loss.mul(self.r_accu)
        self.scaler.scale(loss).backward()
        if stepping:
            self.scaler.unscale_(self.optimizer)
            torch.nn.utils.clip_grad_norm_(self.params, self.grad_clip)
            self.scaler.step(self.optimizer)
            self.scaler.update()
            self.optimizer.zero_grad(set_to_none=True)
