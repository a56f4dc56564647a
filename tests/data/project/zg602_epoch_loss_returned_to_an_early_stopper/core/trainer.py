# expect: ZG602 25:13
"""The trainer (egg/core/trainers.py of the same commit): `train_epoch` clears, backpropagates and steps every batch
and adds each loss tensor into `mean_loss`, which it returns divided by the batch count (reported at the sum: the
epoch's graphs live until it ends); `train`'s epoch loop hands that value to the early stopper of core/stopping.py."""

import torch


class Trainer:
    def __init__(self, game, optimizer, train_data, validation_data, early_stopping=None):
        self.game = game
        self.optimizer = optimizer
        self.train_data = train_data
        self.validation_data = validation_data
        self.early_stopping = early_stopping

    def train_epoch(self):
        mean_loss, n_batches = 0, 0
        for batch in self.train_data:
            self.optimizer.zero_grad()
            loss, rest = self.game(*batch)
            loss.backward()
            self.optimizer.step()
            n_batches += 1
            mean_loss += loss
        return mean_loss / n_batches, rest

    def eval(self):
        mean_loss, n_batches = 0.0, 0
        with torch.no_grad():
            for batch in self.validation_data:
                loss, rest = self.game(*batch)
                mean_loss += loss
                n_batches += 1
        return mean_loss / n_batches, rest

    def train(self, n_epochs):
        for epoch in range(n_epochs):
            train_loss, train_rest = self.train_epoch()
            validation_loss, rest = self.eval()
            if self.early_stopping:
                self.early_stopping.update_values(validation_loss, rest, train_loss, train_rest, epoch)
                if self.early_stopping.should_stop():
                    break
