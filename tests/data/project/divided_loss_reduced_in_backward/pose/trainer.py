# expect: ZG501 44:9
"""Accumulation over `n_accum` iterations: `AveragingTrainer` divides the per-sample loss by `n_accum`, then reduces it
in the backward call (`loss.mean().backward()`): divided, clean. `SummingTrainer` forgets the division: the reduced
loss of each micro-batch is summed into the step (ZG501 at its backward)."""

import torch

from pose.loss import PerSampleLoss


class AveragingTrainer:
    def __init__(self, model, n_accum=4, lr=1e-4):
        self.model = model
        self.n_accum = n_accum
        self.lossfn = PerSampleLoss()
        self.optimizer = torch.optim.Adam(model.parameters(), lr=lr)

    def train(self, loader):
        for itr, (images, poses) in enumerate(loader):
            self.run_iteration(itr, images, poses)

    def run_iteration(self, itr, images, poses):
        loss = self.lossfn(self.model(images), poses)
        loss = loss / self.n_accum
        loss.mean().backward()
        if (itr + 1) % self.n_accum == 0:
            self.optimizer.step()
            self.optimizer.zero_grad()


class SummingTrainer:
    def __init__(self, model, n_accum=4, lr=1e-4):
        self.model = model
        self.n_accum = n_accum
        self.lossfn = PerSampleLoss()
        self.optimizer = torch.optim.Adam(model.parameters(), lr=lr)

    def train(self, loader):
        for itr, (images, poses) in enumerate(loader):
            self.run_iteration(itr, images, poses)

    def run_iteration(self, itr, images, poses):
        loss = self.lossfn(self.model(images), poses)
        loss.mean().backward()
        if (itr + 1) % self.n_accum == 0:
            self.optimizer.step()
            self.optimizer.zero_grad()
