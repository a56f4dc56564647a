# expect: ZG401 18:13
"""The parameter update of one step: the optimizer lives here, the backward in engine.py. `ClippingUpdater.step`
clips the gradients it is handed before `scaler.step`, with no `scaler.unscale_` first: the threshold meets
gradients scaled by the engine's GradScaler. `UnscalingUpdater.step` unscales first (clean)."""

import torch


class ClippingUpdater:
    def __init__(self, network, lr, max_norm):
        self.network = network
        self.max_norm = max_norm
        self.optimizer = torch.optim.AdamW(network.parameters(), lr=lr)

    def step(self, scaler=None):
        if self.max_norm:
            # the gradients are still multiplied by the scaler's scale here
            torch.nn.utils.clip_grad_norm_(self.network.parameters(), self.max_norm)
        if scaler is not None:
            scaler.step(self.optimizer)
            scaler.update()
        else:
            self.optimizer.step()

    def get_optimizer(self):
        return self.optimizer


class UnscalingUpdater:
    def __init__(self, network, lr, max_norm):
        self.network = network
        self.max_norm = max_norm
        self.optimizer = torch.optim.AdamW(network.parameters(), lr=lr)

    def step(self, scaler=None):
        if scaler is not None:
            scaler.unscale_(self.optimizer)
        if self.max_norm:
            torch.nn.utils.clip_grad_norm_(self.network.parameters(), self.max_norm)
        if scaler is not None:
            scaler.step(self.optimizer)
            scaler.update()
        else:
            self.optimizer.step()

    def get_optimizer(self):
        return self.optimizer
