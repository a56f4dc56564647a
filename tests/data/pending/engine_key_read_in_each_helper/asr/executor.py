# expect: clean
"""The epoch loop of another module: forward, then the two helpers of steps.py, both handed the same settings dict
(`engine` is never assigned in the loop, so both helpers take the same branch in every iteration)."""

import copy

from asr.steps import backward, update


class Executor:
    def train(self, model, optimizer, scheduler, scaler, loader, configs):
        state = copy.deepcopy(configs)
        for index, batch in enumerate(loader):
            state["index"] = index
            state["loss"] = model(batch)
            state = backward(model, scaler, state)
            state = update(model, optimizer, scheduler, scaler, state)
