# expect: clean
"""The library's model base: `scaled_backward`, for the `optimize` overrides that step their optimizers themselves."""
from torch import nn


class TrainerModel(nn.Module):
    def optimize(self, batch, trainer):
        raise NotImplementedError

    def scaled_backward(self, loss, trainer, optimizer, *args):
        if trainer.use_amp_scaler:
            trainer.scaler.scale(loss).backward()
        else:
            loss.backward()
