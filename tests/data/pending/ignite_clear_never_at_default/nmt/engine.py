# expect: ZG101 29:13
"""An ignite Engine whose update function accumulates `config.accum` batches per step. The
clear runs when `iteration % accum == 1`, which never holds at train.py's default accum of 1,
while the step runs every iteration then: each step applies the gradients of every earlier
batch again."""

import torch
from ignite.engine import Engine


class TranslationEngine(Engine):
    def __init__(self, update, model, crit, optimizer, config):
        self.model = model
        self.crit = crit
        self.optimizer = optimizer
        self.config = config
        super().__init__(update)

    @staticmethod
    def update(engine, batch):
        engine.model.train()
        if engine.state.iteration % engine.config.accum == 1:
            engine.optimizer.zero_grad()
        source, target = batch
        loss = engine.crit(engine.model(source), target)
        (loss / engine.config.accum).backward()
        if engine.state.iteration % engine.config.accum == 0:
            torch.nn.utils.clip_grad_norm_(engine.model.parameters(), engine.config.max_norm)
            engine.optimizer.step()
        return float(loss)
