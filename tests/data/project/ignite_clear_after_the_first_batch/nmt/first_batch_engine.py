# expect: ZG101 25:9
"""The twin of engine.py whose update function clears at the run's first batch only (`engine.state.iteration == 1`:
ignite's counter is 1 there and never again, for it goes on across the epochs): every later step applies the
gradients of every earlier batch again."""

from ignite.engine import Engine


class FirstBatchEngine(Engine):
    def __init__(self, func, model, crit, optimizer, config):
        self.model = model
        self.crit = crit
        self.optimizer = optimizer
        self.config = config
        super().__init__(func)

    @staticmethod
    def update(engine, batch):
        engine.model.train()
        if engine.state.iteration == 1:
            engine.optimizer.zero_grad()
        source, target = batch
        loss = engine.crit(engine.model(source), target)
        loss.backward()
        engine.optimizer.step()
        return float(loss)
