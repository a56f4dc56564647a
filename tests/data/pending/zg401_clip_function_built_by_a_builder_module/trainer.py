"""A clip function built in another module, called on scaled gradients.

The shape of a sequence-to-sequence toolkit's train manager: `__init__` keeps
`build_gradient_clipper(cfg)` (builders.py: a `functools.partial` of
`clip_grad_value_` or `clip_grad_norm_`, or None) as `self.clip_grad_fun`;
`_train_step` backpropagates `self.scaler.scale(loss)` where a GradScaler is
on, and the loop's accumulation guard calls `self.clip_grad_fun(parameters=
...)` then `self.scaler.step(self.optimizer)` with no `unscale_` anywhere: the
threshold applies to scaled gradients (RULES.md ZG401). Missed: the call of a
partial kept in an attribute is no clip the analysis knows.
"""
# expect: ZG401 38:21
import torch

from builders import build_gradient_clipper


class TrainManager:
    def __init__(self, model, cfg):
        self.model = model
        self.optimizer = torch.optim.Adam(model.parameters(), lr=cfg["lr"])
        self.scaler = torch.cuda.amp.GradScaler()
        self.clip_grad_fun = build_gradient_clipper(cfg)
        self.batch_multiplier = cfg["batch_multiplier"]

    def _train_step(self, batch):
        with torch.autocast("cuda"):
            loss = self.model(batch) / self.batch_multiplier
        self.scaler.scale(loss).backward()
        return loss.item()

    def train(self, loader):
        self.model.zero_grad()
        for i, batch in enumerate(loader):
            self._train_step(batch)
            if (i + 1) % self.batch_multiplier == 0:
                if self.clip_grad_fun is not None:
                    self.clip_grad_fun(parameters=self.model.parameters())
                self.scaler.step(self.optimizer)
                self.scaler.update()
                self.model.zero_grad()
