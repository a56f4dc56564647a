# expect: ZG501 36:13
"""A trainer's forward-backward helper accumulates micro-batches in a `while True:` loop that ends when the samples it
has seen reach the configured total batch size (`if accum_batch_size >= total_batch_size: break`); the step, the
clear and the scheduler follow in the method the training loop calls once per update. Each micro-batch's loss is
backpropagated undivided: the step applies the sum, n times the mean (RULES.md's inner loop over micro-batches,
ZG501 at the backward). The loop says what it counts by the test that ends it, not by its header."""

import torch


class Trainer:
    def __init__(self, model, loader, lr=1e-4, total_batch_size=256, max_steps=1000):
        self.model = model
        self.loader = iter(loader)
        self.optimizer = torch.optim.AdamW(model.parameters(), lr=lr)
        self.total_batch_size = total_batch_size
        self.max_steps = max_steps
        self.step = 0

    def train(self):
        while self.step < self.max_steps:
            self.train_one_step()

    def train_one_step(self):
        self.step += 1
        self.run_fwdbwd(self.total_batch_size)
        torch.nn.utils.clip_grad_norm_(self.model.parameters(), 1.0)
        self.optimizer.step()
        self.optimizer.zero_grad()

    def run_fwdbwd(self, total_batch_size):
        accum_batch_size = 0
        while True:
            x, y = next(self.loader)
            loss = torch.nn.functional.mse_loss(self.model(x), y)
            loss.backward()
            accum_batch_size += x.shape[0]
            if accum_batch_size >= total_batch_size:
                break
