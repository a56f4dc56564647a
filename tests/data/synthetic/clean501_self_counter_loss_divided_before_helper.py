"""The clean twin: the caller divides the loss by the accumulation count before handing it to the helper."""
# expect: clean
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
            loss = nn.functional.mse_loss(self.model(x), y) / self.cfg.grad_accum
            self.backward_step(loss)
            self.maybe_step()
