# expect: clean
"""The engine's epoch loop (rwth-i6/returnn's shape): the GradScaler and the scaled backward are here, the clipping
and the step in the updater of updater.py, handed the scaler by keyword (the clip is reported there). The updater is
first bound to None and built by `init_train`; the loop clears through its getter, `get_optimizer()`, under a copy of
the step's flag made at the end of each iteration: after every step the next iteration clears."""

import torch

from speech.updater import ClippingUpdater, UnscalingUpdater


class Engine:
    def __init__(self, model, lr=1e-3, max_norm=5.0, accum=2):
        self.model = model
        self.lr, self.max_norm, self.accum = lr, max_norm, accum
        self.scaler = torch.amp.GradScaler("cuda")
        self.updater = None

    def init_train(self):
        self.updater = ClippingUpdater(self.model, self.lr, self.max_norm)

    def train_epoch(self, loader):
        zero_grad_next_step = True
        count = 0
        for features, targets in loader:
            if zero_grad_next_step:
                self.updater.get_optimizer().zero_grad()
                count = 0
            with torch.autocast("cuda"):
                loss = torch.nn.functional.cross_entropy(self.model(features), targets)
            self.scaler.scale(loss / self.accum).backward()
            count += 1
            perform_update_step = count >= self.accum
            if perform_update_step:
                self.updater.step(scaler=self.scaler)
            zero_grad_next_step = perform_update_step


class UnscalingEngine:
    def __init__(self, model, lr=1e-3, max_norm=5.0, accum=2):
        self.model = model
        self.lr, self.max_norm, self.accum = lr, max_norm, accum
        self.scaler = torch.amp.GradScaler("cuda")
        self.updater = None

    def init_train(self):
        self.updater = UnscalingUpdater(self.model, self.lr, self.max_norm)

    def train_epoch(self, loader):
        zero_grad_next_step = True
        count = 0
        for features, targets in loader:
            if zero_grad_next_step:
                self.updater.get_optimizer().zero_grad()
                count = 0
            with torch.autocast("cuda"):
                loss = torch.nn.functional.cross_entropy(self.model(features), targets)
            self.scaler.scale(loss / self.accum).backward()
            count += 1
            perform_update_step = count >= self.accum
            if perform_update_step:
                self.updater.step(scaler=self.scaler)
            zero_grad_next_step = perform_update_step
