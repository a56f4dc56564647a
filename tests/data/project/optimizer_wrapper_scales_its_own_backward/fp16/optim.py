"""The wrapper's `backward(loss)` scales the loss by its own loss scaler before backpropagating it; its `step()`
multiplies the gradients by the inverse scale before the wrapped optimizer steps (fairseq's
`_MemoryEfficientFP16OptimizerMixin`)."""
# expect: clean
import torch


class DynamicLossScaler:
    def __init__(self, init_scale=2.0**15):
        self.loss_scale = init_scale

    def scale(self, outputs):
        return self.loss_scale * outputs


class FP16OptimizerMixin:
    def backward(self, loss):
        if self.scaler is not None:
            loss = self.scaler.scale(loss)
        loss.backward()

    def _unscale_grads(self):
        for p in self.params:
            if p.grad is not None:
                p.grad.data.mul_(1.0 / self.scaler.loss_scale)

    def step(self, closure=None):
        self._unscale_grads()
        self.wrapped_optimizer.step(closure)

    def zero_grad(self):
        self.wrapped_optimizer.zero_grad()


class MemoryEfficientFP16Optimizer(FP16OptimizerMixin):
    def __init__(self, params, optimizer):
        self.params = list(params)
        self.wrapped_optimizer = optimizer
        self.scaler = DynamicLossScaler()
