"""One step per batch or one after the micro-batch loop, chosen by the accumulation count.

Seen in nlpyang/PreSumm src/models/trainer_ext.py (`_gradient_accumulation`, OpenNMT's trainer of 2019): the
trainer clears `if self.grad_accum_count > 1:` before the loop over the accumulated batches, and inside it clears
`if self.grad_accum_count == 1:`, backpropagates, and steps `if self.grad_accum_count == 1:`; after the loop it steps
`if self.grad_accum_count > 1:`. The count is set in `__init__` and never in the loop, so every call takes the same
arms (RULES.md "Correlated conditions"): with a count above 1 the loop's own step never runs, it is a micro-batch
loop (accumulation, cleared before it), and the step after it applies this call's gradients only. (PreSumm divides
each loss by its batch only, a ZG501 left in pending/zg501_micro_batches_of_a_trainer_stepping_per_batch_or_after_the_loop.py;
here it is divided by the count too.)
"""
# expect: clean
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
            (loss / loss.numel() / self.grad_accum_count).backward()
            if self.grad_accum_count == 1:
                self.optim.step()

        if self.grad_accum_count > 1:
            self.optim.step()
