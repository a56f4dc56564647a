# expect: ZG105 35:21
"""The trainer (OpenNMT-py's `_gradient_accumulation`): a big batch is a list of `accum_count` batches, each cut
into truncation chunks, and the step comes once after them all. The clear at the top runs when `accum_count > 1`,
the one in the chunk loop when `accum_count == 1`: a count of accumulated batches is at least 1, so one of them runs
in every call and no earlier call's gradients reach the step (no ZG101). The chunk loop's clear does throw away
every chunk but the last when a sequence is cut (a true ZG105)."""

import torch


class Trainer:
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
        if self.accum_count > 1:
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
