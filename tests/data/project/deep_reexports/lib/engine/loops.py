# expect: clean
"""An epoch's loop over the batches, each step one of lib/steps/amp.py's."""

from ..steps import amp as amp_steps


def run_epoch(model, optimizer, scaler, loader):
    for batch in loader:
        amp_steps.scaled_step(model, optimizer, scaler, batch)


def run_epoch_unscaled(model, optimizer, scaler, loader):
    for batch in loader:
        amp_steps.direct_step(model, optimizer, scaler, batch)
