# expect: clean
"""`SafeTrainer(PPOTrainer)` binds `self.actor_updater` to an optimizer over the actor's parameters, and its loop runs
the inherited `ptx_step`, which steps it with no clear: reported in `base.py`."""

import torch

from base import PPOTrainer


class SafeTrainer(PPOTrainer):
    def init_engines(self, path):
        self.init_models(path)
        self.actor_updater = torch.optim.AdamW(self.actor_model.parameters())

    def train(self, loader):
        for batch in loader:
            self.ptx_step(batch)
