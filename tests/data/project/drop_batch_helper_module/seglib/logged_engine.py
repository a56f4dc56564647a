# expect: clean
"""The same engine logging each batch's gradient norm through seglib/guards.py's `reset_after_logging`, which also
clears the gradients before the step here: reported in guards.py, on the clear."""

from .guards import reset_after_logging


def train_one_epoch_logged(model, loader, optimizer, criterion, writer):
    model.train()
    for step, (images, masks) in enumerate(loader):
        loss = criterion(model(images), masks)
        loss.backward()
        reset_after_logging(model, optimizer, writer, step)
        optimizer.step()
