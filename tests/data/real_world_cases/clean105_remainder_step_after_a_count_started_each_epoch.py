"""A reward-model trainer in the way of imitation's preference comparisons (round 32): each epoch starts its count of
samples at 0 and clears, the batch loop backpropagates each minibatch's loss scaled to the batch, steps and clears
whenever a batch's worth has accumulated, and after the batch loop one step applies what is left
(`if accumulated != 0:`). The count starts again every epoch, so that test counts the minibatches left over in this
epoch, never the epochs: no accumulation guard of the epoch loop (RULES.md "Accumulation guard"), and the clear at the
top of the epoch throws nothing away (the remainder was stepped, or the batch loop's last step cleared). The twin
`zg105_clear_every_minibatch_before_a_remainder_step.py` clears every minibatch instead.
"""
# expect: clean
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
            self.optim.zero_grad()
            for pairs, preferences in loader:
                loss = self._loss(pairs, preferences) * len(pairs) / self.batch_size
                loss.backward()
                accumulated += len(pairs)
                if accumulated >= self.batch_size:
                    self.optim.step()
                    self.optim.zero_grad()
                    accumulated = 0
            if accumulated != 0:
                self.optim.step()
