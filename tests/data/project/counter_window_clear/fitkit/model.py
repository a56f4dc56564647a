# expect: ZG101 30:17
"""A package's model wrapper (poutyne's `Model` shape, written here): `fit` refuses to run without an optimizer, then
accumulates `batches_per_step` batches per step. The helper clears at the first batch of each window
(`(number - 1) % n == 0`) and steps at its last (`number % n == 0`); the epoch's last, partial window is stepped after
the batch loop, and the next epoch's first batch clears it. The losses are summed (scaled by the batch size) and the
gradients divided by the examples of the window before each step. Clean for this class; its subclass in clipped.py,
which never clears, makes the flush step after the batch loop apply old gradients again too (reported here)."""

import torch


class Model:
    def __init__(self, network, optimizer, loss_function):
        self.network = network
        self.optimizer = optimizer
        self.loss_function = loss_function

    def fit(self, loader, epochs, batches_per_step=1):
        if self.optimizer is None:
            raise ValueError("Impossible to fit when optimizer is None.")
        for epoch in range(epochs):
            examples_in_step = 0
            for number, (x, y) in enumerate(loader, 1):
                examples_in_step += len(x)
                loss, did_step = self._fit_batch_n(x, y, number, batches_per_step, examples_in_step)
                if did_step:
                    examples_in_step = 0
            if not did_step:
                self._adjust_step_size(examples_in_step)
                self.optimizer.step()

    def _fit_batch_n(self, x, y, number, batches_per_step, examples_in_step):
        zero_all_gradients = (number - 1) % batches_per_step == 0
        do_step = number % batches_per_step == 0
        if zero_all_gradients:
            self.optimizer.zero_grad()
        loss = self.loss_function(self.network(x), y)
        (loss * len(x)).backward()
        if do_step:
            self._adjust_step_size(examples_in_step)
            self.optimizer.step()
        return float(loss), do_step

    def _adjust_step_size(self, examples_in_step):
        for param in self.network.parameters():
            if param.grad is not None:
                param.grad /= examples_in_step

    def evaluate(self, loader):
        with torch.no_grad():
            return [float(self.loss_function(self.network(x), y)) for x, y in loader]
