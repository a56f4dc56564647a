# expect: clean
"""GRAAL-Research/poutyne's `Model` (framework/model.py:673 and 635, false ZG101 x2): `fit` raises when
`self.optimizer is None`; the batch helper clears at the first batch of each window of `batches_per_step`
(`(number - 1) % n == 0`) and steps at its last; the partial window is stepped after the batch loop, and the next
epoch's first batch clears it. The clear's call shows `self.optimizer` is no None, a fact the arm that skips it
does not learn: the skipped path must still be paired with the clearing one."""

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
        if (number - 1) % batches_per_step == 0:
            self.optimizer.zero_grad()
        loss = self.loss_function(self.network(x), y) / batches_per_step
        loss.backward()
        do_step = number % batches_per_step == 0
        if do_step:
            self.optimizer.step()
        return do_step
