# expect: clean
"""One optimizer per parameter group, cleared and stepped by the groups a caller names
(nerfstudio-project/nerfstudio nerfstudio/engine/optimizers.py's `Optimizers`)."""

import torch
from torch import nn


class Optimizers:
    def __init__(self, groups: dict[str, list[nn.Parameter]], lr: float):
        self.parameters = groups
        self.optimizers = {name: torch.optim.Adam(params, lr=lr) for name, params in groups.items()}

    def zero_grad_some(self, groups: list[str]) -> None:
        for group in groups:
            self.optimizers[group].zero_grad()

    def scaler_step_some(self, scaler: torch.amp.GradScaler, groups: list[str]) -> None:
        for group in groups:
            scaler.step(self.optimizers[group])
