# expect: clean
"""An ignite `Engine` subclass whose static update function accumulates `config.accum` batches per step: it clears
at the first batch of each window, but for the run's first batch (whose gradients are still None), and steps at the
last. ignite counts `engine.state.iteration` from 1, one more each batch and never reset between epochs, so the
clear's `engine.state.iteration > 1` holds from the second batch on: every step is followed by a clear at the next
window's first batch (kh-kim/simple-nmt's dual_trainer.py at its head, as fixed by 714f69e)."""

from ignite.engine import Engine


class AccumulatingEngine(Engine):
    def __init__(self, func, model, crit, optimizer, config):
        self.model = model
        self.crit = crit
        self.optimizer = optimizer
        self.config = config
        super().__init__(func)

    @staticmethod
    def update(engine, batch):
        engine.model.train()
        if engine.state.iteration % engine.config.accum == 1 or engine.config.accum == 1:
            if engine.state.iteration > 1:
                engine.optimizer.zero_grad()
        source, target = batch
        loss = engine.crit(engine.model(source), target)
        (loss / engine.config.accum).backward()
        if engine.state.iteration % engine.config.accum == 0 and engine.state.iteration > 0:
            engine.optimizer.step()
        return float(loss)
