# expect: ZG101 47:9
# expect: ZG101 51:9
# expect: ZG104 14:9
"""A trainer of the package (guided-diffusion's `MixedPrecisionTrainer` shape, written here): its own `zero_grad`
and `backward`, and `optimize`, which steps the optimizer it is handed, in full precision or through master
parameters. The scripts clear through it before the first micro-batch's backward; the one counting micro-batches
from 1 never does (its step is reported here)."""

import torch


def zero_grad(params):
    for param in params:
        param.grad = None


class MixedPrecisionTrainer:
    def __init__(self, model, use_fp16=False, loss_scale=2.0**16):
        self.model = model
        self.use_fp16 = use_fp16
        self.loss_scale = loss_scale
        self.model_params = list(model.parameters())
        self.master_params = self.model_params

    def zero_grad(self):
        zero_grad(self.model_params)

    def backward(self, loss):
        if self.use_fp16:
            (loss * self.loss_scale).backward()
        else:
            loss.backward()

    def optimize(self, opt):
        if self.use_fp16:
            return self._optimize_fp16(opt)
        return self._optimize_normal(opt)

    def _optimize_fp16(self, opt):
        grad_norm = torch.norm(torch.stack([p.grad.norm() for p in self.master_params if p.grad is not None]))
        if not torch.isfinite(grad_norm):
            zero_grad(self.master_params)
            return False
        for param in self.master_params:
            if param.grad is not None:
                param.grad.mul_(1.0 / self.loss_scale)
        opt.step()
        return True

    def _optimize_normal(self, opt):
        opt.step()
        return True
