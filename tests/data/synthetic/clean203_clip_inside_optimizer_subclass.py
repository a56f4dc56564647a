"""Clipping inside an optimizer subclass's step(); the loop calls backward then step.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: clean
import torch


class ClippedAdam(torch.optim.Adam):
    def __init__(self, params, max_norm=1.0, **kw):
        super().__init__(params, **kw)
        self.max_norm = max_norm

    def step(self, closure=None):
        for group in self.param_groups:
            torch.nn.utils.clip_grad_norm_(group["params"], self.max_norm)
        return super().step(closure)


def train(model, loader):
    opt = ClippedAdam(model.parameters(), lr=1e-3)
    for x, y in loader:
        opt.zero_grad()
        torch.nn.functional.mse_loss(model(x), y).backward()
        opt.step()
