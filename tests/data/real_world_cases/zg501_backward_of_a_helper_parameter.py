"""The backward of a helper's parameter, under `model.no_sync()` but on the micro-batch that ends the accumulation;
the loop hands it a loss it never divided by the number of micro-batches.

The helper's `loss` is judged as the call writes its argument (the loop's `criterion(...)`, built there, undivided):
RULES.md ZG501, at the helper's backward.
"""
# expect: ZG501 13:9
import contextlib


def backward_micro_batch(model, loss, sync):
    with contextlib.nullcontext() if sync else model.no_sync():
        loss.backward()


def train(model, loader, optimizer, criterion, accum_steps):
    for step, (x, y) in enumerate(loader):
        loss = criterion(model(x), y)
        backward_micro_batch(model, loss, (step + 1) % accum_steps == 0)
        if (step + 1) % accum_steps == 0:
            optimizer.step()
            optimizer.zero_grad()
