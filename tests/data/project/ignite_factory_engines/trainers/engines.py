# expect: ZG101 26:9
"""ignite engines built by factories: `create_trainer`'s update function never clears, so each step applies the
gradients of every earlier batch (ignite's loop runs it once per batch); train.py's `main_cleared` runs the same
update with a clear in an ITERATION_STARTED handler, which ignite runs before each update, and `main_handed` hands
its engine to a def that registers one (not followed: silent); the evaluator has no backward."""

import torch
from ignite.engine import Engine


def create_evaluator(model):
    def evaluate(engine, batch):
        model.eval()
        with torch.no_grad():
            inputs, targets = batch
            return model(inputs), targets

    return Engine(evaluate)


def create_trainer(model, optimizer, loss_fn):
    def update(engine, batch):
        model.train()
        inputs, targets = batch
        loss_fn(model(inputs), targets).backward()
        optimizer.step()
        return engine.state.iteration

    return Engine(update)


def create_trainer_cleared_by_handler(model, optimizer, loss_fn):
    def update(engine, batch):
        model.train()
        inputs, targets = batch
        loss_fn(model(inputs), targets).backward()
        optimizer.step()
        return engine.state.iteration

    return Engine(update)


def create_trainer_cleared_elsewhere(model, optimizer, loss_fn):
    def update(engine, batch):
        model.train()
        inputs, targets = batch
        loss_fn(model(inputs), targets).backward()
        optimizer.step()
        return engine.state.iteration

    return Engine(update)
