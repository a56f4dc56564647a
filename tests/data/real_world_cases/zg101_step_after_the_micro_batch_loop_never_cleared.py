"""The twin of clean101_step_per_micro_batch_or_after_the_micro_batch_loop.py without the clear before the loop.

With a count above 1 the micro-batch loop's own clear and step never run and nothing clears before it: the step
after the loop applies again the gradients of every earlier call it already applied (RULES.md ZG101).
"""
# expect: ZG101 37:13
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
            self.model.train()

        for batch in true_batchs:
            if self.grad_accum_count == 1:
                self.model.zero_grad()
            loss = self.model(batch).pow(2).sum()
            (loss / loss.numel()).backward()
            if self.grad_accum_count == 1:
                self.optim.step()

        if self.grad_accum_count > 1:
            self.optim.step()
