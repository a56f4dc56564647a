# expect: clean
"""The engine's epoch loop: the GradScaler and the scaled backward are here, the clipping and the step in the
updater of updater.py, handed the scaler by keyword (the clip is reported there)."""

import torch

from speech.updater import ClippingUpdater, UnscalingUpdater


class Engine:
    def __init__(self, model, lr=1e-3, max_norm=5.0):
        self.model = model
        self.scaler = torch.amp.GradScaler("cuda")
        self.updater = ClippingUpdater(model, lr, max_norm)

    def train_epoch(self, loader):
        for features, targets in loader:
            self.updater.optimizer.zero_grad()
            with torch.autocast("cuda"):
                loss = torch.nn.functional.cross_entropy(self.model(features), targets)
            self.scaler.scale(loss).backward()
            self.updater.step(scaler=self.scaler)


class UnscalingEngine:
    def __init__(self, model, lr=1e-3, max_norm=5.0):
        self.model = model
        self.scaler = torch.amp.GradScaler("cuda")
        self.updater = UnscalingUpdater(model, lr, max_norm)

    def train_epoch(self, loader):
        for features, targets in loader:
            self.updater.optimizer.zero_grad()
            with torch.autocast("cuda"):
                loss = torch.nn.functional.cross_entropy(self.model(features), targets)
            self.scaler.scale(loss).backward()
            self.updater.step(scaler=self.scaler)
