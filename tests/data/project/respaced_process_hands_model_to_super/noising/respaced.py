"""A process on fewer steps: each override hands the model, remapped, on to the base's method of its own name."""
# expect: clean
import torch

from .process import NoisingProcess


class RespacedProcess(NoisingProcess):
    def __init__(self, kept, **settings):
        self.kept = list(kept)
        super().__init__(**settings)

    def loss_terms(self, model, *args, **kwargs):
        return super().loss_terms(self._remapped(model), *args, **kwargs)

    def _remapped(self, model):
        return _RemappedModel(model, self.kept)


class _RemappedModel:
    def __init__(self, model, kept):
        self.model = model
        self.kept = kept

    def __call__(self, x, t, **extra):
        steps = torch.tensor(self.kept, device=t.device)[t]
        return self.model(x, steps, **extra)
