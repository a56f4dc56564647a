# expect: clean
"""facebookresearch/ClassyVision's `run_optimizer` (classy_vision/tasks/classification_task.py:1207, a false ZG401 on
the apex arm): `apex.amp.scale_loss` is handed `self.optimizer.optimizer`, the torch optimizer the task's wrapper
holds, and the clip after the block reads the wrapper's master parameters. The block's exit unscales the gradients of
the optimizer it was handed, whose parameters are the wrapper's: an optimizer held by an optimizer is the one it
wraps."""

import apex
from torch import nn


def master_params(optimizer):
    for group in optimizer.param_groups:
        yield from group["params"]


class Task:
    def __init__(self, model, clip_grad_norm):
        self.model = model
        self.clip_grad_norm = clip_grad_norm
        self.optimizer = None

    def set_optimizer(self, optimizer):
        self.optimizer = optimizer

    def train(self, loader):
        for x, y in loader:
            self.optimizer.zero_grad()
            loss = nn.functional.cross_entropy(self.model(x), y)
            with apex.amp.scale_loss(loss, self.optimizer.optimizer) as scaled_loss:
                scaled_loss.backward()
            if self.clip_grad_norm is not None:
                nn.utils.clip_grad_norm_(master_params(self.optimizer), self.clip_grad_norm)
            self.optimizer.step()
