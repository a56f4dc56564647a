# expect: clean
"""A diffusion trainer's base class (zsyOAOA/ResShift's `TrainerBase`, written here): `train()` runs the
subclass's `training_step` per iteration; `setup_optimization` builds the scaler only where the run's settings
ask for mixed precision (`GradScaler() if self.configs.use_amp else None`), once, before the loop."""

import torch
from torch import amp


class TrainerBase:
    def __init__(self, configs, model, batches):
        self.configs = configs
        self.model = model
        self.batches = batches

    def setup_optimization(self):
        self.optimizer = torch.optim.AdamW(self.model.parameters(), lr=self.configs.lr)
        self.amp_scaler = amp.GradScaler() if self.configs.use_amp else None

    def train(self):
        self.setup_optimization()
        for batch in self.batches:
            self.training_step(batch)

    def training_step(self, batch):
        pass
