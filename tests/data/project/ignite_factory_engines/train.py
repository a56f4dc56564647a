# expect: clean
"""The scripts: the trainers and the evaluator of trainers/engines.py, run by ignite (reported there). A handler
of a filtered event (`every=100`) that holds no lifecycle event leaves the loops known; an engine handed to a def
of the project (`attach_clear`, which registers the clear) is not known: its run is silent."""

import torch
from ignite.engine import Events

from trainers.engines import create_evaluator, create_trainer, create_trainer_cleared_by_handler, create_trainer_cleared_elsewhere


def main(loader, val_loader, epochs):
    model = torch.nn.Linear(8, 2)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    scheduler = torch.optim.lr_scheduler.StepLR(optimizer, step_size=10)
    trainer = create_trainer(model, optimizer, torch.nn.CrossEntropyLoss())
    evaluator = create_evaluator(model)

    @trainer.on(Events.ITERATION_COMPLETED(every=100))
    def log_loss(engine):
        print(engine.state.iteration, engine.state.output)

    @trainer.on(Events.EPOCH_COMPLETED)
    def validate(engine):
        evaluator.run(val_loader)
        scheduler.step()

    trainer.run(loader, max_epochs=epochs)


def main_cleared(loader, epochs):
    model = torch.nn.Linear(8, 2)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    trainer = create_trainer_cleared_by_handler(model, optimizer, torch.nn.CrossEntropyLoss())
    trainer.add_event_handler(Events.ITERATION_STARTED, lambda engine: optimizer.zero_grad())
    trainer.run(loader, max_epochs=epochs)


def attach_clear(trainer, optimizer):
    trainer.add_event_handler(Events.ITERATION_STARTED, lambda engine: optimizer.zero_grad())


def main_handed(loader, epochs):
    model = torch.nn.Linear(8, 2)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    trainer = create_trainer_cleared_elsewhere(model, optimizer, torch.nn.CrossEntropyLoss())
    attach_clear(trainer, optimizer)
    trainer.run(loader, max_epochs=epochs)
