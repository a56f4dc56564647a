# expect: ZG204 10:9
"""The iteration loops the scripts call, with the optimizer and the scheduler as parameters."""


def do_train(model, loader, optimizer, scheduler):
    """Steps the schedule at the top of each iteration: before the optimizer's first step, so the warm-up's
    first value is skipped."""
    model.train()
    for images, targets in loader:
        scheduler.step()
        optimizer.zero_grad()
        loss = model(images, targets)
        loss.backward()
        optimizer.step()


def do_train_in_order(model, loader, optimizer, scheduler):
    """The same loop with the schedule stepped after the optimizer, as PyTorch asks."""
    model.train()
    for images, targets in loader:
        optimizer.zero_grad()
        loss = model(images, targets)
        loss.backward()
        optimizer.step()
        scheduler.step()
