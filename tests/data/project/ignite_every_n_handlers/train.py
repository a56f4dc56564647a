# expect: ZG101 35:9
# expect: ZG204 61:9
"""Scripts that step the optimizer in a handler of `Events.ITERATION_COMPLETED(every=accum)`: an accumulation step,
run where `trainer.state.iteration % accum == 0`. `main_stepped_every` clears with it; `main_never_cleared` never
clears, so every step applies the gradients of all batches since the first again; `main_cleared_each_batch` runs an
update that clears every batch (reported in trainers/updates.py); `main_cleared_every` clears under the same filter as
the update's own step. An or of events registers the handler on each: `Events.STARTED | Events.EPOCH_STARTED` steps
the schedule before any optimizer step; `Events.EPOCH_COMPLETED(every=2) | Events.COMPLETED` after."""
import torch
from ignite.engine import Events

from trainers.updates import create_backward_only, create_clearing_at_the_boundary, create_clearing_backward, create_stepping_every


def main_stepped_every(loader, epochs, accum):
    model = torch.nn.Linear(8, 2)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    trainer = create_backward_only(model, torch.nn.CrossEntropyLoss(), accum)

    @trainer.on(Events.ITERATION_COMPLETED(every=accum))
    def apply(engine):
        optimizer.step()
        optimizer.zero_grad()

    trainer.run(loader, max_epochs=epochs)


def main_never_cleared(loader, epochs, accum):
    model = torch.nn.Linear(8, 2)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    trainer = create_backward_only(model, torch.nn.CrossEntropyLoss(), accum)

    @trainer.on(Events.ITERATION_COMPLETED(every=accum))
    def apply(engine):
        optimizer.step()

    trainer.run(loader, max_epochs=epochs)


def main_cleared_each_batch(loader, epochs, accum):
    model = torch.nn.Linear(8, 2)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    trainer = create_clearing_backward(model, optimizer, torch.nn.CrossEntropyLoss(), accum)
    trainer.add_event_handler(Events.ITERATION_COMPLETED(every=accum), lambda engine: optimizer.step())
    trainer.run(loader, max_epochs=epochs)


def main_scheduled_at_start(loader, epochs, accum):
    model = torch.nn.Linear(8, 2)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    scheduler = torch.optim.lr_scheduler.StepLR(optimizer, step_size=10)
    trainer = create_backward_only(model, torch.nn.CrossEntropyLoss(), accum)

    @trainer.on(Events.ITERATION_COMPLETED(every=accum))
    def apply(engine):
        optimizer.step()
        optimizer.zero_grad()

    @trainer.on(Events.STARTED | Events.EPOCH_STARTED)
    def schedule(engine):
        scheduler.step()

    trainer.run(loader, max_epochs=epochs)


def main_scheduled_at_end(loader, epochs, accum):
    model = torch.nn.Linear(8, 2)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    scheduler = torch.optim.lr_scheduler.StepLR(optimizer, step_size=10)
    trainer = create_backward_only(model, torch.nn.CrossEntropyLoss(), accum)

    @trainer.on(Events.ITERATION_COMPLETED(every=accum))
    def apply(engine):
        optimizer.step()
        optimizer.zero_grad()

    @trainer.on(Events.EPOCH_COMPLETED(every=2) | Events.COMPLETED)
    def schedule(engine):
        scheduler.step()

    trainer.run(loader, max_epochs=epochs)


def main_cleared_every(loader, epochs, accum):
    model = torch.nn.Linear(8, 2)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    trainer = create_stepping_every(model, optimizer, torch.nn.CrossEntropyLoss(), accum)

    @trainer.on(Events.ITERATION_COMPLETED(every=accum))
    def clear(engine):
        optimizer.zero_grad()

    trainer.run(loader, max_epochs=epochs)


def main_stepped_after_the_clear(loader, epochs, accum):
    model = torch.nn.Linear(8, 2)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    trainer = create_clearing_at_the_boundary(model, optimizer, torch.nn.CrossEntropyLoss(), accum)
    trainer.add_event_handler(Events.ITERATION_COMPLETED(every=accum), lambda engine: optimizer.step())
    trainer.run(loader, max_epochs=epochs)
