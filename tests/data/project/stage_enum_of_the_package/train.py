# expect: ZG602 31:13
"""A recipe keeping the loss of every training batch for its log: the toolkit's `fit` runs `fit_batch`, which hands
the objectives `Stage.TRAIN`, the very member the test `stage == sb.Stage.TRAIN` reads (through the package's
alias): each batch's graph stays alive."""

import torch

import speechlib as sb
from speechlib import Stage


class LoggedBrain(sb.Brain):
    def __init__(self, modules, optimizer):
        super().__init__(modules, optimizer)
        self.train_losses = []

    def compute_forward(self, batch, stage):
        return self.modules(batch[0])

    def fit_batch(self, batch):
        outputs = self.compute_forward(batch, Stage.TRAIN)
        loss = self.compute_objectives(outputs, batch, Stage.TRAIN)
        loss.backward()
        self.optimizer.step()
        self.optimizer.zero_grad()
        return loss.detach()

    def compute_objectives(self, outputs, batch, stage):
        loss = torch.nn.functional.mse_loss(outputs, batch[1])
        if stage == sb.Stage.TRAIN:
            self.train_losses.append(loss)
        return loss
