# expect: ZG101 27:9
"""Trainers built by a class method (`Trainer.from_config(cfg, model, optimizer)` returning `cls(...)`) or a
static one (`Trainer.build`): `Trainer.train_step` never clears the optimizer it is handed; `ClearingTrainer`
overrides it with a step that does (checked alone, this module has no loop: silent)."""


class Trainer:
    def __init__(self, model, optimizer, scale=1.0):
        self.model = model
        self.optimizer = optimizer
        self.scale = scale
        self.seen = 0

    @classmethod
    def from_config(cls, cfg, model, optimizer):
        return cls(model, optimizer, scale=cfg.loss_scale)

    @classmethod
    def with_own_optimizer(cls, cfg, model):
        trainer = cls(model, cfg.build_optimizer(model))
        return trainer

    def train_step(self, batch):
        inputs, targets = batch
        loss = self.model(inputs, targets) * self.scale
        loss.backward()
        self.optimizer.step()
        self.seen += 1

    @staticmethod
    def build(cfg, model, optimizer):
        return Trainer(model, optimizer, scale=cfg.loss_scale)


class ClearingTrainer(Trainer):
    def train_step(self, batch):
        self.optimizer.zero_grad()
        inputs, targets = batch
        loss = self.model(inputs, targets) * self.scale
        loss.backward()
        self.optimizer.step()
