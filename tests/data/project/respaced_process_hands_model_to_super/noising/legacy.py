"""respaced.py's process written with Python 2's `super(Class, self)`: the same delegation."""
# expect: clean
import torch

from .process import NoisingProcess


class LegacyRespacedProcess(NoisingProcess):
    def __init__(self, kept, **settings):
        super(LegacyRespacedProcess, self).__init__(**settings)
        self.kept = list(kept)

    def loss_terms(self, model, clean, t, extra=None):
        steps = torch.tensor(self.kept, device=t.device)[t]
        return super(LegacyRespacedProcess, self).loss_terms(model, clean, steps, extra)
