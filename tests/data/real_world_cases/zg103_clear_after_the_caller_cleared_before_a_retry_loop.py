"""The twin of `clean103_clear_at_the_top_of_a_retry_until_success_loop.py`: the loop over the batches clears every
optimizer before it calls the retry loop, so the clear at the top of `train_micro_batches` finds the gradients already
clear on every path: the caller's clear on the way in, the out-of-memory clear on a retry (RULES.md ZG103: report the
second clear and name the first).
"""
# expect: ZG103 41:13
import torch


class Trainer:
    def __init__(self, model, loader):
        self.model = model
        self.optimizers = [torch.optim.SGD(model.parameters(), lr=0.1)]
        self.loader = loader
        self.micro_batch_size = 8

    def fit(self):
        for batch in self.loader:
            for optimizer in self.optimizers:
                optimizer.zero_grad()
            self.train_batch(batch)

    def train_batch(self, batch):
        while True:
            out_of_memory = False
            try:
                self.train_micro_batches(batch)
                for optimizer in self.optimizers:
                    optimizer.step()
            except RuntimeError:
                out_of_memory = True
            if out_of_memory:
                self.micro_batch_size //= 2
                for optimizer in self.optimizers:
                    optimizer.zero_grad(set_to_none=True)
                continue
            return

    def train_micro_batches(self, batch):
        for optimizer in self.optimizers:
            optimizer.zero_grad()
        for micro_batch in batch.split(self.micro_batch_size):
            loss = self.model(micro_batch).sum() / len(batch)
            loss.backward()
