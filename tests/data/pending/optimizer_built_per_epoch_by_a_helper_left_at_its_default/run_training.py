# expect: clean
"""The experiment's epoch loop: it calls `train_epoch` of trainer.py without an optimizer, so the helper builds a new
one in every epoch (reported in trainer.py). The fix builds the Adam once and hands it in as `opt=`."""

import numpy as np

from trainer import train_epoch


def run(model, train_tasks, n_epochs=10):
    epoch_losses = []
    for epoch in range(n_epochs):
        batch_losses = train_epoch(model, train_tasks)
        epoch_losses.append(np.mean(batch_losses))
    return epoch_losses
