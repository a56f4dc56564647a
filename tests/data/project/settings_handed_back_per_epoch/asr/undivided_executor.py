# expect: clean
"""The twin's loop: the same as executor.py's, with the helpers of undivided_steps.py."""

from asr.undivided_steps import backward, update


class UndividedExecutor:
    def train(self, model, optimizer, scaler, loader, info_dict):
        for index, batch in enumerate(loader):
            info_dict["index"] = index
            info_dict["loss"] = model(batch).mean()
            info_dict = backward(model, scaler, info_dict)
            info_dict = update(model, optimizer, scaler, info_dict)
