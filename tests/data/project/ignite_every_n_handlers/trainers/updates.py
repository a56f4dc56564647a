# expect: ZG105 38:9
# expect: ZG102 52:13
"""Update functions for ignite engines that accumulate gradients over `accum` batches: the engine's loop calls
`update(engine, batch)` once per batch, and the step is left to a handler of `Events.ITERATION_COMPLETED(every=accum)`,
which ignite runs where `engine.state.iteration % accum == 0`, or made here under that same test.
`create_clearing_backward` clears on every batch, so the step sees only the last batch's gradients;
`create_clearing_at_the_boundary` clears at the end of each window, before ignite runs the caller's step handler
of the same window (the same test: the update's `engine` is the caller's `trainer`)."""

from ignite.engine import Engine


def create_backward_only(model, loss_fn, accum):
    def update(engine, batch):
        model.train()
        inputs, targets = batch
        (loss_fn(model(inputs), targets) / accum).backward()
        return engine.state.iteration

    return Engine(update)


def create_stepping_every(model, optimizer, loss_fn, accum):
    def update(engine, batch):
        model.train()
        inputs, targets = batch
        (loss_fn(model(inputs), targets) / accum).backward()
        if engine.state.iteration % accum == 0:
            optimizer.step()
        return engine.state.iteration

    return Engine(update)


def create_clearing_backward(model, optimizer, loss_fn, accum):
    def update(engine, batch):
        model.train()
        optimizer.zero_grad()
        inputs, targets = batch
        (loss_fn(model(inputs), targets) / accum).backward()
        return engine.state.iteration

    return Engine(update)


def create_clearing_at_the_boundary(model, optimizer, loss_fn, accum):
    def update(engine, batch):
        model.train()
        inputs, targets = batch
        (loss_fn(model(inputs), targets) / accum).backward()
        if engine.state.iteration % accum == 0:
            optimizer.zero_grad()
        return engine.state.iteration

    return Engine(update)
