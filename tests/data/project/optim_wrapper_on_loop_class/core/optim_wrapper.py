# expect: ZG101 31:13
"""The project's own optimizer wrapper (mmengine's `OptimWrapper` shape, written here): `update_params` runs the
backward and, every `accumulative_counts` calls, the step, but never clears: each step applies the gradients of
every earlier window again. Found through `EpochLoop` (core/loops.py), which tools/train.py builds with it: the
loop's `self.optim_wrapper` is the instance its construction was handed."""

import torch


class OptimWrapper:
    def __init__(self, optimizer, accumulative_counts=1, clip_grad=None):
        self.optimizer = optimizer
        self.accumulative_counts = accumulative_counts
        self.clip_grad = clip_grad
        self._inner_count = 0

    @property
    def param_groups(self):
        return self.optimizer.param_groups

    def scale_loss(self, loss):
        return loss / self.accumulative_counts

    def update_params(self, loss):
        loss = self.scale_loss(loss)
        loss.backward()
        self._inner_count += 1
        if self._inner_count % self.accumulative_counts == 0:
            if self.clip_grad is not None:
                torch.nn.utils.clip_grad_norm_(self._params(), **self.clip_grad)
            self.optimizer.step()

    def _params(self):
        return [p for group in self.optimizer.param_groups for p in group["params"]]


def build_optim_wrapper(model, cfg):
    optimizer = torch.optim.AdamW(model.parameters(), lr=cfg.lr, weight_decay=cfg.weight_decay)
    return OptimWrapper(optimizer, cfg.accumulative_counts, cfg.clip_grad)
