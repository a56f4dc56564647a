# expect: clean
"""The twin's loop: the trainer chosen once by an if/elif, each iteration's two calls made on that one instance."""

from two_orders import Deferred, Stepwise


def main(model, loader, kind, epochs=10):
    if kind == "stepwise":
        trainer = Stepwise(model, 0.1)
    elif kind == "deferred":
        trainer = Deferred(model, 0.1)
    else:
        raise ValueError(kind)
    for epoch in range(epochs):
        for batch in loader:
            trainer.update(batch)
            trainer.end_iteration(batch)
