# expect: clean
"""The supervised fine-tuning losses: the mean squared error of each micro-batch (a mean over its samples only)."""

import torch

from rlhf.base_trainer import AveragingTrainer, SummingTrainer


class SFTTrainer(SummingTrainer):
    def loss(self, microbatch):
        return torch.nn.functional.mse_loss(self.model(microbatch[:, :-1]), microbatch[:, -1:])


class AveragedSFTTrainer(AveragingTrainer):
    def loss(self, microbatch):
        return torch.nn.functional.mse_loss(self.model(microbatch[:, :-1]), microbatch[:, -1:])
