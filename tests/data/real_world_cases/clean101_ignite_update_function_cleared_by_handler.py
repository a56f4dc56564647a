"""The twin of zg101_ignite_update_function_never_clears.py: the same module-level `Engine(update_fn)`, its
clear in an ITERATION_STARTED handler, which ignite runs before each call of the update function: each step
applies only its batch's gradients.
"""
# expect: clean
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


@trainer.on(Events.ITERATION_STARTED)
def clear_gradients(engine):
    optimizer.zero_grad()


@trainer.on(Events.ITERATION_COMPLETED)
def log_batch_loss(engine):
    print(engine.state.iteration, engine.state.output["batchloss"])


trainer.run(train_loader, max_epochs=3)
