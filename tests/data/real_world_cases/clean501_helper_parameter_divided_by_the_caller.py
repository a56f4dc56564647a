"""The twin of zg501_backward_of_a_helper_parameter.py: the loop divides the loss it hands the helper by the number
of micro-batches.
"""
# expect: clean
import contextlib


def backward_micro_batch(model, loss, sync):
    with contextlib.nullcontext() if sync else model.no_sync():
        loss.backward()


def train(model, loader, optimizer, criterion, accum_steps):
    for step, (x, y) in enumerate(loader):
        loss = criterion(model(x), y) / accum_steps
        backward_micro_batch(model, loss, (step + 1) % accum_steps == 0)
        if (step + 1) % accum_steps == 0:
            optimizer.step()
            optimizer.zero_grad()
