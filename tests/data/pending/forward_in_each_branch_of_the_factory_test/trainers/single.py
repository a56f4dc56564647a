# expect: ZG104 37:9
"""A trainer whose `_build_model` builds one of two `nn.Module` classes from its settings (raising on any other kind)
and whose step runs the forward in the branch of the same test, an if/elif with no else: the path through no branch
cannot run (the construction raised), so on every real path the clear runs after the forward and before the backward."""

import torch

from nets import Critic, PitchCritic
from trainers.base import BaseTrainer


class CriticTrainer(BaseTrainer):
    def __init__(self, loader, kind="plain"):
        self.kind = kind
        super().__init__(loader)

    def _build_model(self):
        if self.kind == "pitch":
            model = PitchCritic()
        elif self.kind == "plain":
            model = Critic()
        else:
            raise ValueError(f"unknown critic: {self.kind}")
        return model

    def _build_optimizer(self):
        return torch.optim.Adam(self.model.parameters(), lr=1e-4)

    def _train_step(self, batch):
        loss = 0
        if self.kind == "pitch":
            score = self.model(batch["pitch"])
            loss += (score - batch["label"]).pow(2).mean()
        elif self.kind == "plain":
            score = self.model(batch["wav"])
            loss += (score - batch["label"]).abs().mean()
        self.optimizer.zero_grad()
        self.accelerator.backward(loss)
        self.optimizer.step()
