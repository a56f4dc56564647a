# expect: clean
"""The twin's loop: the same as executor.py's, with the helpers of undivided_steps.py."""

import copy

from asr.batches import forward
from asr.undivided_steps import backward, update


class UndividedExecutor:
    def __init__(self, configs):
        self.log_interval = configs.get("log_interval", 100)

    def train(self, model, optimizer, scheduler, scaler, loader, configs):
        state = copy.deepcopy(configs)
        for index, batch in enumerate(loader):
            state["index"] = index
            state = forward(model, batch, state)
            state = backward(model, scaler, state)
            state = update(model, optimizer, scheduler, scaler, state)
