# expect: clean
"""A loss scaler whose backward and step are split in two halves, so that a sharpness-aware step fits between them."""

import torch


class SplitScaler:
    def __init__(self, disabled):
        self._scaler = torch.cuda.amp.GradScaler(enabled=not disabled)

    def __call__(self, loss, optimizer, net, clip=None, parameters=None, hook=True):
        self.backward_half(loss, optimizer, clip, parameters)
        self.step_half(optimizer, net, hook)

    def backward_half(self, loss, optimizer, clip=None, parameters=None):
        self._scaler.scale(loss).backward()
        self._scaler.unscale_(optimizer)
        if clip is not None:
            torch.nn.utils.clip_grad_norm_(parameters, clip)

    def step_half(self, optimizer, net, hook=True):
        if hook and hasattr(net, "before_update"):
            net.before_update()
        self._scaler.step(optimizer)
        if hook and hasattr(net, "after_update"):
            net.after_update()
        self.update()

    def update(self):
        self._scaler.update()
