# expect: ZG101 22:17
"""The same vendored scaler held by a trainer (`self.loss_scaler = NativeScaler()`, called as `self.loss_scaler(...)`):
the copy is timm's, so its summary holds: nothing clears between the updates."""

import torch

from timm.utils import NativeScaler


class Trainer:
    def __init__(self, model, loader):
        self.model = model
        self.loader = loader
        self.optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3)
        self.loss_scaler = NativeScaler()

    def fit(self, epochs):
        for epoch in range(epochs):
            for images, targets in self.loader:
                with torch.autocast("cuda"):
                    loss = torch.nn.functional.cross_entropy(self.model(images), targets)
                self.loss_scaler(loss, self.optimizer, clip_grad=1.0, parameters=self.model.parameters())
