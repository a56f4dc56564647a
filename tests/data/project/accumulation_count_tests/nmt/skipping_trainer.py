# expect: ZG105 33:21
# expect: ZG101 38:9
"""The buggy twin: the top clear runs only when `accum_count > 2`, so with two batches per step nothing clears and
each step applies every earlier step's gradients again (ZG101), beside the same chunk loop's clear (ZG105)."""

import torch


class SkippingTrainer:
    def __init__(self, model, optim, loss_fn, accum_count=1, trunc_size=0):
        self.model = model
        self.optim = optim
        self.loss_fn = loss_fn
        self.accum_count = accum_count
        self.trunc_size = trunc_size

    def train(self, big_batches, steps):
        for i, batches in enumerate(big_batches):
            if i >= steps:
                break
            self._gradient_accumulation(batches)

    def _gradient_accumulation(self, batches):
        if self.accum_count > 2:
            self.optim.zero_grad(set_to_none=True)

        for batch in batches:
            length = batch.size(1)
            trunc_size = self.trunc_size or length
            for j in range(0, length, trunc_size):
                chunk = batch[:, j : j + trunc_size]
                if self.accum_count == 1:
                    self.optim.zero_grad(set_to_none=True)
                output = self.model(chunk)
                loss = self.loss_fn(output, torch.zeros_like(output)) / len(batches)
                self.optim.backward(loss)

        self.optim.step()
