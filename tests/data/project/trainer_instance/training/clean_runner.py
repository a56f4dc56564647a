# expect: clean
"""The same runner clearing before each forward."""

import torch


class ClearingRunner:
    def __init__(self, model, optimizer, max_norm=1.0):
        self.model = model
        self.optimizer = optimizer
        self.max_norm = max_norm
        self.loss_fn = torch.nn.CrossEntropyLoss()

    def train_batch(self, batch):
        inputs, labels = batch
        self.optimizer.zero_grad(set_to_none=True)
        loss = self.loss_fn(self.model(inputs), labels)
        loss.backward()
        torch.nn.utils.clip_grad_norm_(self.model.parameters(), self.max_norm)
        self.optimizer.step()
        return loss.detach()

