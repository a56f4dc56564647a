# expect: clean
"""The epoch's loop: a copy of the run's settings per epoch, handed to the forward helper of batches.py, then to the two
of steps.py, each handing it back (`engine` is never assigned: every helper takes the same branch in every epoch)."""

import copy

from asr.batches import forward
from asr.steps import backward, update


class Executor:
    def __init__(self, configs):
        self.log_interval = configs.get("log_interval", 100)

    def train(self, model, optimizer, scheduler, scaler, loader, configs):
        state = copy.deepcopy(configs)
        for index, batch in enumerate(loader):
            state["index"] = index
            state = forward(model, batch, state)
            state = backward(model, scaler, state)
            state = update(model, optimizer, scheduler, scaler, state)
