# expect: ZG204 11:9
"""The iteration loops the scripts hand their optimizer and schedule to."""


def run_iterations(model, data_loader, optimizer, scheduler, meters):
    """Steps the schedule first in each iteration: before the first `optimizer.step()`, so PyTorch skips the
    schedule's first value."""
    model.train()
    for images, targets in data_loader:
        meters.tick()
        scheduler.step()
        optimizer.zero_grad()
        losses = model(images, targets)
        losses.backward()
        optimizer.step()


def run_iterations_in_order(model, data_loader, optimizer, scheduler, meters):
    model.train()
    for images, targets in data_loader:
        meters.tick()
        optimizer.zero_grad()
        losses = model(images, targets)
        losses.backward()
        optimizer.step()
        scheduler.step()
