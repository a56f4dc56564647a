"""A trainer keeps its accumulation counter on `self` and hands the loss to a backward helper undivided.

The step runs every `self.cfg.grad_accum` micro-batches; each micro-batch's full loss is backpropagated.
"""
# expect: ZG501 18:9
import torch
from torch import nn


class Trainer:
    def __init__(self, model, cfg):
        self.model = model
        self.cfg = cfg
        self.step_count = 0
        self.optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3)

    def backward_step(self, loss):
        loss.backward()
        self.step_count += 1

    def maybe_step(self):
        if self.step_count % self.cfg.grad_accum == 0:
            self.optimizer.step()
            self.optimizer.zero_grad()

    def fit(self, batches):
        for x, y in batches:
            loss = nn.functional.mse_loss(self.model(x), y)
            self.backward_step(loss)
            self.maybe_step()
