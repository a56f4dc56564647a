# expect: clean
"""The fixed version of zg501_while_true_ended_by_an_accumulated_batch_size.py: the helper counts the micro-batches it
runs against the number the total batch size needs and divides each loss by that number before its backward, so the
step applies the mean. A `while True:` over micro-batches whose loss is divided, and one that ends on a test that
counts no micro-batches (a retry until the loss is finite), are no ZG501."""

import math

import torch


class Trainer:
    def __init__(self, model, loader, lr=1e-4, total_batch_size=256, micro_batch_size=32, max_steps=1000):
        self.model = model
        self.loader = iter(loader)
        self.optimizer = torch.optim.AdamW(model.parameters(), lr=lr)
        self.total_batch_size = total_batch_size
        self.micro_batch_size = micro_batch_size
        self.max_steps = max_steps
        self.step = 0

    def train(self):
        while self.step < self.max_steps:
            self.train_one_step()

    def train_one_step(self):
        self.step += 1
        self.run_fwdbwd(self.total_batch_size)
        self.optimizer.step()
        self.optimizer.zero_grad()
        self.retry_until_finite()

    def run_fwdbwd(self, total_batch_size):
        target_n_accum_steps = (total_batch_size + self.micro_batch_size - 1) // self.micro_batch_size
        n_accum_steps = 0
        while True:
            x, y = next(self.loader)
            loss = torch.nn.functional.mse_loss(self.model(x), y)
            (loss / target_n_accum_steps).backward()
            n_accum_steps += 1
            if n_accum_steps >= target_n_accum_steps:
                break

    def retry_until_finite(self):
        while True:
            x, y = next(self.loader)
            loss = torch.nn.functional.mse_loss(self.model(x), y)
            if math.isfinite(loss.item()):
                break
        loss.backward()
        self.optimizer.step()
        self.optimizer.zero_grad()
