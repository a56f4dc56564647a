# expect: ZG101 26:9
"""A batch runner whose method never clears: driven by run.py's loop through an instance built there, each
step applies the sum of every earlier batch's gradients. The report is here, on the step; checked alone (no
loop reaches the method) this module is clean."""

import torch


class BatchRunner:
    def __init__(self, model, optimizer, max_norm=1.0):
        self.model = model
        self.optimizer = optimizer
        self.max_norm = max_norm
        self.loss_fn = torch.nn.CrossEntropyLoss()

    def forward_loss(self, batch):
        inputs, labels = batch
        return self.loss_fn(self.model(inputs), labels)

    def train_batch(self, batch):
        loss = self.forward_loss(batch)
        loss.backward()
        # No `self.optimizer.zero_grad()` anywhere: the caller's loop never
        # clears either.
        torch.nn.utils.clip_grad_norm_(self.model.parameters(), self.max_norm)
        self.optimizer.step()
        return loss.detach()

