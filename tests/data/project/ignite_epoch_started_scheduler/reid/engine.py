# expect: ZG204 31:9
"""ignite's Engine runs `update` once per batch; EPOCH_STARTED handlers run at the top of
every epoch, before the first batch's update, EPOCH_COMPLETED ones after the last."""

from ignite.engine import Engine, Events


def create_trainer(model, optimizer, loss_fn):
    def update(engine, batch):
        model.train()
        optimizer.zero_grad()
        inputs, targets = batch
        loss = loss_fn(model(inputs), targets)
        loss.backward()
        optimizer.step()
        return loss.item()

    return Engine(update)


def log_epoch(engine):
    print(engine.state.epoch, engine.state.output)


def train_warmup_first(model, optimizer, scheduler, loss_fn, loader, epochs):
    trainer = create_trainer(model, optimizer, loss_fn)
    trainer.add_event_handler(Events.EPOCH_COMPLETED, log_epoch)

    @trainer.on(Events.EPOCH_STARTED)
    def adjust_learning_rate(engine):
        scheduler.step()

    trainer.run(loader, max_epochs=epochs)


def train_schedule_after(model, optimizer, scheduler, loss_fn, loader, epochs):
    trainer = create_trainer(model, optimizer, loss_fn)

    @trainer.on(Events.EPOCH_COMPLETED)
    def adjust_learning_rate(engine):
        scheduler.step()

    trainer.run(loader, max_epochs=epochs)
