# expect: ZG101 32:9
"""Factories that build an ignite engine, register handlers on it and return it; the caller registers more and runs
it. ignite runs the handlers of an event in the order they were registered: the factory's first. `create_trainer`'s
update never clears (its handlers hold no clear); `create_cleared_trainer` registers the clear on ITERATION_STARTED;
`create_stepping_trainer`'s update only backpropagates and the factory steps on ITERATION_COMPLETED, before the
caller's clear on the same event; `create_attached_trainer` hands its engine to a def of the project that may register
handlers (not followed: silent). `create_trainer_for` and `create_clearing_trainer_for` build the engine around the
update function their caller hands them (the first steps the schedule after each batch's update), the second with a
clear of its own."""

import torch
from ignite.engine import Engine, Events
from ignite.handlers import Timer


def attach_clear(engine, optimizer):
    engine.add_event_handler(Events.ITERATION_STARTED, lambda _: optimizer.zero_grad())


def prepare_batch(batch, device):
    images, targets = batch
    return images.to(device), targets.to(device)


def create_trainer(model, optimizer, loss_fn, device):
    def _update(engine, batch):
        model.train()
        images, targets = prepare_batch(batch, device)
        score = model(images)
        loss = loss_fn(score, targets)
        loss.backward()
        optimizer.step()
        return loss.item(), (score.argmax(1) == targets).float().mean().item()

    trainer = Engine(_update)
    timer = Timer(average=True)
    timer.attach(trainer, resume=Events.ITERATION_STARTED, pause=Events.ITERATION_COMPLETED)

    @trainer.on(Events.EPOCH_COMPLETED)
    def log_time(engine):
        print(engine.state.epoch, timer.value())

    return trainer


def create_cleared_trainer(model, optimizer, loss_fn, device):
    def _update(engine, batch):
        model.train()
        images, targets = prepare_batch(batch, device)
        loss = loss_fn(model(images), targets)
        loss.backward()
        optimizer.step()
        return loss.item()

    trainer = Engine(_update)

    @trainer.on(Events.ITERATION_STARTED)
    def clear(engine):
        optimizer.zero_grad()

    return trainer


def create_stepping_trainer(model, optimizer, loss_fn, device):
    def _update(engine, batch):
        model.train()
        images, targets = prepare_batch(batch, device)
        loss = loss_fn(model(images), targets)
        loss.backward()
        return loss.item()

    trainer = Engine(_update)
    trainer.add_event_handler(Events.ITERATION_COMPLETED, lambda engine: optimizer.step())
    return trainer


def create_attached_trainer(model, optimizer, loss_fn, device):
    def _update(engine, batch):
        model.train()
        images, targets = prepare_batch(batch, device)
        loss = loss_fn(model(images), targets)
        loss.backward()
        optimizer.step()
        return loss.item()

    trainer = Engine(_update)
    attach_clear(trainer, optimizer)
    return trainer


def create_trainer_for(train_step, lr_scheduler, log_every):
    trainer = Engine(train_step)
    trainer.add_event_handler(Events.ITERATION_COMPLETED, lambda engine: lr_scheduler.step())

    @trainer.on(Events.ITERATION_COMPLETED(every=log_every))
    def log_progress(engine):
        print(engine.state.iteration, engine.state.output)

    return trainer


def create_clearing_trainer_for(train_step, optimizer):
    trainer = Engine(train_step)
    trainer.add_event_handler(Events.ITERATION_STARTED, lambda engine: optimizer.zero_grad())
    return trainer
