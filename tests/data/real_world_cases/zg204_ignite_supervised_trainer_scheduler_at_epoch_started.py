"""ignite's own `create_supervised_trainer` (a library summary: its process function clears, backpropagates and
steps the optimizer once per batch) with the learning-rate scheduler stepped in an EPOCH_STARTED handler, as
reid-strong-baseline does with its own trainer: the first scheduler step runs before any optimizer step (RULES.md
ZG204 at the scheduler's step). `train_after` steps it at EPOCH_COMPLETED (clean); `train_amp`'s trainer scales
and steps through a GradScaler, which the summary does not read (unknown: silent).
"""
# expect: ZG204 19:9
import torch
from ignite.engine import Events, create_supervised_trainer


def train(model, loader, epochs):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
    scheduler = torch.optim.lr_scheduler.MultiStepLR(optimizer, milestones=[30, 60])
    trainer = create_supervised_trainer(model, optimizer, torch.nn.functional.cross_entropy, device="cpu")

    @trainer.on(Events.EPOCH_STARTED)
    def adjust_learning_rate(engine):
        scheduler.step()

    trainer.run(loader, max_epochs=epochs)


def train_after(model, loader, epochs):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
    scheduler = torch.optim.lr_scheduler.MultiStepLR(optimizer, milestones=[30, 60])
    trainer = create_supervised_trainer(model, optimizer, torch.nn.functional.cross_entropy, device="cpu")
    trainer.add_event_handler(Events.EPOCH_COMPLETED, lambda engine: scheduler.step())
    trainer.run(loader, max_epochs=epochs)


def train_amp(model, loader, epochs):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
    scheduler = torch.optim.lr_scheduler.MultiStepLR(optimizer, milestones=[30, 60])
    trainer = create_supervised_trainer(model, optimizer, torch.nn.functional.cross_entropy, amp_mode="amp", scaler=True)

    @trainer.on(Events.EPOCH_STARTED)
    def adjust_learning_rate(engine):
        scheduler.step()

    trainer.run(loader, max_epochs=epochs)
