"""Modelled on pytorch/ignite's EfficientNet fine-tuning notebook: a module-level `Engine(update_fn)` whose
update function backpropagates through apex's `amp.scale_loss` and steps, with no clear anywhere (the
notebook's was dropped in an edit). ignite's `trainer.run` calls it once per batch, so every step applies
the gradients of every earlier batch (RULES.md ZG101 at the step). The handlers step the scheduler and
log; none clears.
"""
# expect: ZG101 28:5
import torch
from apex import amp
from ignite.engine import Engine, Events

model = torch.nn.Linear(16, 4)
optimizer = torch.optim.SGD(model.parameters(), lr=0.01, momentum=0.9)
model, optimizer = amp.initialize(model, optimizer, opt_level="O1")
criterion = torch.nn.CrossEntropyLoss()
lr_scheduler = torch.optim.lr_scheduler.ExponentialLR(optimizer, gamma=0.975)
train_loader = [(torch.randn(8, 16), torch.randint(0, 4, (8,))) for _ in range(4)]


def update_fn(engine, batch):
    model.train()
    x, y = batch
    loss = criterion(model(x), y)

    with amp.scale_loss(loss, optimizer) as scaled_loss:
        scaled_loss.backward()

    optimizer.step()

    return {"batchloss": loss.item()}


trainer = Engine(update_fn)
trainer.add_event_handler(Events.EPOCH_COMPLETED, lambda engine: lr_scheduler.step())


@trainer.on(Events.ITERATION_COMPLETED)
def log_batch_loss(engine):
    print(engine.state.iteration, engine.state.output["batchloss"])


trainer.run(train_loader, max_epochs=3)
