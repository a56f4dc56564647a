# expect: ZG101 18:9
"""A trainer for a model wrapped in DistributedDataParallel: its step reaches the wrapped module's own methods
through `self.model.module` (the same parameters), and never clears (reported here for main.py's loop)."""

import torch


class DistributedTrainer:
    def __init__(self, model, optimizer, scaler=None):
        self.model = model
        self.optimizer = optimizer
        self.scaler = scaler

    def train_step(self, batch):
        loss = self.model.module.compute_loss(batch)
        loss.backward()
        torch.nn.utils.clip_grad_norm_(self.model.module.parameters(), 1.0)
        self.optimizer.step()
        return loss.detach()

    def clearing_step(self, batch):
        self.optimizer.zero_grad(set_to_none=True)
        return self.train_step(batch)
