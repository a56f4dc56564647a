# expect: ZG101 23:17
# expect: ZG101 32:13
"""The twin of clean101_window_start_clear_after_optimizer_none_test.py: the helper clears only where the batch
number is 0, which `enumerate(loader, 1)` never gives, so every step applies again the gradients of the windows before
(both steps reported)."""

import torch


class Model:
    def __init__(self, network, optimizer, loss_function):
        self.network = network
        self.optimizer = optimizer
        self.loss_function = loss_function

    def fit(self, loader, epochs, batches_per_step):
        if self.optimizer is None:
            raise ValueError("no optimizer")
        for epoch in range(epochs):
            for number, (x, y) in enumerate(loader, 1):
                did_step = self._fit_batch_n(x, y, number, batches_per_step)
            if not did_step:
                self.optimizer.step()

    def _fit_batch_n(self, x, y, number, batches_per_step):
        if number == 0:
            self.optimizer.zero_grad()
        loss = self.loss_function(self.network(x), y) / batches_per_step
        loss.backward()
        do_step = number % batches_per_step == 0
        if do_step:
            self.optimizer.step()
        return do_step
