# expect: ZG101 18:13
"""`updater` is an optimizer only because `utils/optim.py` says what `make_updater` returns."""

from utils.optim import make_meter, make_updater


def fit(model, loader, cfg):
    updater = make_updater(model, cfg)
    meter = make_meter(cfg)
    for epoch in range(cfg.epochs):
        for inputs, targets in loader:
            loss = model(inputs, targets)
            loss.backward()
            # `meter` is no optimizer (its factory returns a `Meter`): its step is no step.
            meter.step(loss.item())
            # Nothing clears `updater`'s gradients: each step applies every
            # earlier batch's too.
            updater.step()
