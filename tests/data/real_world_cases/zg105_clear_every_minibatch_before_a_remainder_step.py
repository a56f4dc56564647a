"""The twin of `clean105_remainder_step_after_a_count_started_each_epoch.py` (round 32, imitation's preference
comparisons): the count still starts again every epoch, but the clear runs at the top of every minibatch, before its
backward, while the step waits for a batch's worth of minibatches (`accumulated >= self.batch_size`, a count the batch
loop resets under that test: an accumulation guard). Each clear throws away the minibatches summed so far, so only the
last one reaches the step (RULES.md ZG105).
"""
# expect: ZG105 26:17
import torch


class RewardTrainer:
    def __init__(self, model, batch_size, epochs):
        self.model = model
        self.batch_size = batch_size
        self.epochs = epochs
        self.optim = torch.optim.AdamW(model.parameters(), lr=1e-3)

    def _loss(self, pairs, preferences):
        return torch.nn.functional.binary_cross_entropy_with_logits(self.model(pairs), preferences)

    def train(self, loader):
        for epoch in range(self.epochs):
            accumulated = 0
            for pairs, preferences in loader:
                accumulated += len(pairs)
                self.optim.zero_grad()
                loss = self._loss(pairs, preferences) * len(pairs) / self.batch_size
                loss.backward()
                if accumulated >= self.batch_size:
                    self.optim.step()
                    accumulated = 0
            if accumulated != 0:
                self.optim.step()
