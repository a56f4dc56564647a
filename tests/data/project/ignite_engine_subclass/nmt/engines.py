# expect: ZG101 48:9
# expect: ZG102 134:9
"""ignite `Engine` subclasses: `__init__` keeps the model, the loss and the optimizer on the engine and hands
`super().__init__` the process function, which ignite calls once per batch with the engine itself
(`engine.optimizer` is the optimizer the construction was handed). `TranslationEngine.update` (a static method)
never clears; `translate_step` (a def handed instead) clears first; `update_cleared_by_handler` leaves the clear
to the caller's ITERATION_STARTED handler, on the optimizer it handed the construction, or to the handler `attach`
registers (a def of the project handed the engine: not followed, silent); `BoundEngine._update` (a
bound method: its `self` is the engine) clears between the backward and the step. `SelfClearingEngine` registers
its own clear on `self`, `AttachedEngine` hands `self` to a def that registers one, and `LoggedEngine` overrides how
ignite fires events: their runs are not ignite's as summarised (silent)."""

import torch
from ignite.engine import Engine, Events


def translate_step(engine, batch):
    engine.model.train()
    engine.optimizer.zero_grad()
    source, target = batch
    loss = engine.crit(engine.model(source), target)
    loss.backward()
    torch.nn.utils.clip_grad_norm_(engine.model.parameters(), engine.config.max_norm)
    engine.optimizer.step()
    return float(loss)


def seq2seq_loss(engine, source, target):
    return engine.crit(engine.model(source), target)


class TranslationEngine(Engine):
    def __init__(self, func, model, crit, optimizer, config):
        self.model = model
        self.crit = crit
        self.optimizer = optimizer
        self.config = config
        super().__init__(func)
        self.best_loss = float("inf")

    @staticmethod
    def update(engine, batch):
        engine.model.train()
        source, target = batch
        loss = seq2seq_loss(engine, source, target)
        loss.backward()
        torch.nn.utils.clip_grad_norm_(engine.model.parameters(), engine.config.max_norm)
        engine.optimizer.step()
        return float(loss)

    @staticmethod
    def update_cleared_by_handler(engine, batch):
        engine.model.train()
        source, target = batch
        seq2seq_loss(engine, source, target).backward()
        engine.optimizer.step()

    @staticmethod
    def attach(engine, optimizer):
        engine.add_event_handler(Events.ITERATION_STARTED, lambda _: optimizer.zero_grad())

    @staticmethod
    def validate(engine, batch):
        engine.model.eval()
        with torch.no_grad():
            source, target = batch
            return float(seq2seq_loss(engine, source, target))


class SelfClearingEngine(Engine):
    def __init__(self, model, crit, optimizer):
        self.model = model
        self.crit = crit
        self.optimizer = optimizer
        super().__init__(self._update)
        self.add_event_handler(Events.ITERATION_STARTED, self._clear)

    def _clear(self, engine):
        self.optimizer.zero_grad()

    def _update(self, engine, batch):
        source, target = batch
        self.crit(self.model(source), target).backward()
        self.optimizer.step()


def attach_clear(engine, optimizer):
    engine.add_event_handler(Events.ITERATION_STARTED, lambda _: optimizer.zero_grad())


class AttachedEngine(Engine):
    def __init__(self, model, crit, optimizer):
        self.model = model
        self.crit = crit
        self.optimizer = optimizer
        super().__init__(self._update)
        attach_clear(self, optimizer)

    def _update(self, engine, batch):
        source, target = batch
        self.crit(self.model(source), target).backward()
        self.optimizer.step()


class LoggedEngine(Engine):
    def __init__(self, model, crit, optimizer):
        self.model = model
        self.crit = crit
        self.optimizer = optimizer
        super().__init__(self._update)

    def _fire_event(self, event_name, *event_args, **event_kwargs):
        print(event_name)
        super()._fire_event(event_name, *event_args, **event_kwargs)

    def _update(self, engine, batch):
        source, target = batch
        self.crit(self.model(source), target).backward()
        self.optimizer.step()


class BoundEngine(Engine):
    def __init__(self, model, crit, optimizer):
        self.model = model
        self.crit = crit
        self.optimizer = optimizer
        super().__init__(self._update)

    def _update(self, engine, batch):
        self.model.train()
        source, target = batch
        loss = self.crit(self.model(source), target)
        loss.backward()
        engine.optimizer.zero_grad()
        self.optimizer.step()
        return float(loss)


def train_bound(model, crit, optimizer, loader, epochs):
    BoundEngine(model, crit, optimizer).run(loader, max_epochs=epochs)


def train_bound_named(model, crit, optimizer, loader, epochs):
    trainer = BoundEngine(model, crit, optimizer)
    trainer.run(loader, max_epochs=epochs)


def train_self_cleared(model, crit, optimizer, loader, epochs):
    trainer = SelfClearingEngine(model, crit, optimizer)
    trainer.run(loader, max_epochs=epochs)


def train_logged(model, crit, optimizer, loader, epochs):
    trainer = LoggedEngine(model, crit, optimizer)
    trainer.run(loader, max_epochs=epochs)


def train_attached(model, crit, optimizer, loader, epochs):
    trainer = AttachedEngine(model, crit, optimizer)
    trainer.run(loader, max_epochs=epochs)
