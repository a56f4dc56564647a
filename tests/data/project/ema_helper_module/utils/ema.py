# expect: clean
"""An exponential moving average of the weights, in a module of its own: its `step(model)` and `update(model)`
move the shadow weights and never touch a gradient (no optimizer step)."""

import copy

import torch


class ModelEMA:
    def __init__(self, model, decay=0.9999):
        self.shadow = copy.deepcopy(model).eval()
        self.decay = decay
        for p in self.shadow.parameters():
            p.requires_grad_(False)

    @torch.no_grad()
    def step(self, model):
        for shadow, live in zip(self.shadow.parameters(), model.parameters()):
            shadow.mul_(self.decay).add_(live.detach(), alpha=1 - self.decay)

    def update(self, model):
        self.step(model)
