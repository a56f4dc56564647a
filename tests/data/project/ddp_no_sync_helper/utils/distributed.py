# expect: ZG501 20:9
"""DDP helpers: the backward of a micro-batch runs under `model.no_sync()` unless this micro-batch ends the
accumulation, so gradients are all-reduced once per step. train.py hands it a loss it never divided by the number
of micro-batches: each step applies `accum_steps` times the mean gradient (reported on this backward)."""

from contextlib import contextmanager


@contextmanager
def maybe_no_sync(model, sync):
    if sync or not hasattr(model, "no_sync"):
        yield
    else:
        with model.no_sync():
            yield


def backward_micro_batch(model, loss, sync):
    with maybe_no_sync(model, sync):
        loss.backward()
