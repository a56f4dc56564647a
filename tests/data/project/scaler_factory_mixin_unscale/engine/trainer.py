# expect: ZG403 25:9
import torch

from .amp_utils import build_grad_scaler
from .grad_logging import NormLogger, UnscalingNormLogger


class Trainer(UnscalingNormLogger):
    """The mixin unscales to log the norm, then the trainer unscales again before its clip: the second `unscale_`
    raises (RuntimeError) before `update()`."""

    def __init__(self, model, loader, fp16=True):
        self.model = model
        self.loader = loader
        self.optimizer = torch.optim.AdamW(model.parameters(), lr=1e-4)
        self.scaler = build_grad_scaler(fp16)
        self.history = []

    def train_step(self, x, y):
        self.optimizer.zero_grad(set_to_none=True)
        with torch.autocast("cuda", dtype=torch.float16):
            loss = torch.nn.functional.cross_entropy(self.model(x), y)
        self.scaler.scale(loss).backward()
        self.log_grad_norm()
        self.scaler.unscale_(self.optimizer)
        torch.nn.utils.clip_grad_norm_(self.model.parameters(), 1.0)
        self.scaler.step(self.optimizer)
        self.scaler.update()

    def fit(self, epochs):
        for _ in range(epochs):
            for x, y in self.loader:
                self.train_step(x, y)


class CleanTrainer(NormLogger, Trainer):
    def train_step(self, x, y):
        self.optimizer.zero_grad(set_to_none=True)
        with torch.autocast("cuda", dtype=torch.float16):
            loss = torch.nn.functional.cross_entropy(self.model(x), y)
        self.scaler.scale(loss).backward()
        self.scaler.unscale_(self.optimizer)
        self.log_grad_norm()
        torch.nn.utils.clip_grad_norm_(self.model.parameters(), 1.0)
        self.scaler.step(self.optimizer)
        self.scaler.update()
