"""A count of accumulated batches above 1: each micro-batch's loss backpropagated undivided, one step after the loop.

Seen in nlpyang/PreSumm src/models/trainer_ext.py (`_gradient_accumulation`): with `grad_accum_count` above 1 the
trainer clears before the loop over the accumulated batches, backpropagates each one's `loss / loss.numel()` (a mean
over the batch, not divided by the count: the commented-out `loss.div(float(normalization))` divided by the window's
examples) and steps after the loop; with a count of 1 it clears and steps inside the loop. The update is
`grad_accum_count` times larger (RULES.md ZG501). Missed: the loop's own step (under `if self.grad_accum_count ==
1:`) makes it a training loop (`Structure.is_training_loop`), so `locations.body_where` does not take it for a
micro-batch loop, whatever the correlated tests say of the path where the step after it runs.
"""
# expect: ZG501 37:13
import torch


class Trainer:
    def __init__(self, model, grad_accum_count):
        self.model = model
        self.optim = torch.optim.Adam(model.parameters(), lr=2e-3)
        self.grad_accum_count = grad_accum_count

    def train(self, train_iter):
        true_batchs = []
        for batch in train_iter:
            true_batchs.append(batch)
            if len(true_batchs) == self.grad_accum_count:
                self._gradient_accumulation(true_batchs)
                true_batchs = []

    def _gradient_accumulation(self, true_batchs):
        if self.grad_accum_count > 1:
            self.model.zero_grad()

        for batch in true_batchs:
            if self.grad_accum_count == 1:
                self.model.zero_grad()
            loss = self.model(batch).pow(2).sum()
            (loss / loss.numel()).backward()
            if self.grad_accum_count == 1:
                self.optim.step()

        if self.grad_accum_count > 1:
            self.optim.step()
