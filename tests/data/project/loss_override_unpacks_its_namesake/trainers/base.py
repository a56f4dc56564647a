# expect: clean
"""A base trainer (trlx's `learn()`): each micro-batch's loss and stats come from the subclass's `loss()`, then one
step. ppo.py's override unpacks what its method config's own `loss(...)` computes, a call named as the override."""

import torch


class MicroBatchTrainer:
    def __init__(self, model, method, num_mb, lr=1e-5):
        self.model = model
        self.method = method
        self.num_mb = num_mb
        self.opt = torch.optim.AdamW(model.parameters(), lr=lr)

    def loss(self, microbatch):
        raise NotImplementedError

    def learn(self, loader):
        for batch in loader:
            for microbatch in batch.chunk(self.num_mb):
                loss, stats = self.loss(microbatch)
                loss.backward()
            self.opt.step()
            self.opt.zero_grad()
