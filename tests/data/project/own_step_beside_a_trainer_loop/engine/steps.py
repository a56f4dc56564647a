# expect: ZG101 17:9
"""The project's stepper: one batch's forward, backward and step; the caller clears (finetune.py clears only once,
before its loop, so each step applies the gradients of every batch so far)."""

import torch


class Stepper:
    def __init__(self, model, lr: float) -> None:
        self.model = model
        self.optimizer = torch.optim.AdamW(model.parameters(), lr=lr)

    def train_step(self, batch) -> float:
        inputs, targets = batch
        loss = torch.nn.functional.cross_entropy(self.model(inputs), targets)
        loss.backward()
        self.optimizer.step()
        return loss.item()
