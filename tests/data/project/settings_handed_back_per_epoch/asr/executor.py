# expect: clean
"""The epoch's loop (wenet's Executor.train): the settings dict it is handed is the batch loop's `info_dict`, which each
helper of steps.py hands back (`info_dict = backward(...)`): bound at each call to the run's settings, every epoch reads
their one back end."""

from asr.steps import backward, update


class Executor:
    def train(self, model, optimizer, scaler, loader, info_dict):
        for index, batch in enumerate(loader):
            info_dict["index"] = index
            info_dict["loss"] = model(batch).mean()
            info_dict = backward(model, scaler, info_dict)
            info_dict = update(model, optimizer, scaler, info_dict)
