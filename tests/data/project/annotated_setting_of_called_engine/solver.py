# expect: clean
"""A detection solver (lyuwenyu/RT-DETR's rtdetrv2 `DetSolver.fit`, written here): its epoch loop runs an engine
function of another module, handing it the scaler it may or may not have built."""

import engine
import stale_engine


class DetSolver:
    def __init__(self, cfg):
        self.model = cfg.model
        self.criterion = cfg.criterion
        self.optimizer = cfg.optimizer
        self.loader = cfg.loader
        self.scaler = cfg.scaler

    def fit(self, epochs):
        for epoch in range(epochs):
            engine.train_one_epoch(self.model, self.criterion, self.loader, self.optimizer, epoch, scaler=self.scaler)

    def fit_stale(self, epochs):
        for epoch in range(epochs):
            stale_engine.train_one_epoch(
                self.model, self.criterion, self.loader, self.optimizer, epoch, scaler=self.scaler
            )
