# expect: clean
"""The training scripts: each builds its engine with a factory of reid/engine.py (reported there), registers its own
handlers and runs it (a handler of an event the loops do not model, EXCEPTION_RAISED, holding no lifecycle call
leaves the run known)."""

import torch
from ignite.engine import Events

from reid.engine import create_attached_trainer, create_cleared_trainer, create_stepping_trainer, create_trainer


def setup(cfg):
    model = torch.nn.Linear(16, 4)
    optimizer = torch.optim.SGD(model.parameters(), lr=cfg.lr, momentum=0.9)
    scheduler = torch.optim.lr_scheduler.StepLR(optimizer, step_size=cfg.step_size)
    return model, optimizer, scheduler


def do_train(cfg, loader):
    model, optimizer, scheduler = setup(cfg)
    trainer = create_trainer(model, optimizer, torch.nn.CrossEntropyLoss(), cfg.device)

    @trainer.on(Events.EPOCH_COMPLETED)
    def adjust_learning_rate(engine):
        scheduler.step()

    @trainer.on(Events.EXCEPTION_RAISED)
    def handle_exception(engine, error):
        try:
            engine.terminate()
        except RuntimeError:
            raise error

    trainer.run(loader, max_epochs=cfg.epochs)


def do_train_cleared(cfg, loader):
    model, optimizer, scheduler = setup(cfg)
    trainer = create_cleared_trainer(model, optimizer, torch.nn.CrossEntropyLoss(), cfg.device)
    trainer.add_event_handler(Events.EPOCH_COMPLETED, lambda engine: scheduler.step())
    trainer.run(loader, max_epochs=cfg.epochs)


def do_train_cleared_after_the_step(cfg, loader):
    model, optimizer, scheduler = setup(cfg)
    trainer = create_stepping_trainer(model, optimizer, torch.nn.CrossEntropyLoss(), cfg.device)

    @trainer.on(Events.ITERATION_COMPLETED)
    def clear(engine):
        optimizer.zero_grad()

    trainer.run(loader, max_epochs=cfg.epochs)


def do_train_attached(cfg, loader):
    model, optimizer, scheduler = setup(cfg)
    trainer = create_attached_trainer(model, optimizer, torch.nn.CrossEntropyLoss(), cfg.device)
    trainer.run(loader, max_epochs=cfg.epochs)

