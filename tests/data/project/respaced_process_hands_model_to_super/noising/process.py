"""A noising process that says nothing of the lifecycle: its loss runs the model it is handed."""
# expect: clean
import torch


class NoisingProcess:
    def __init__(self, scale):
        self.scale = scale

    def corrupt(self, clean, t, noise):
        return clean + self.scale * t.view(-1, 1) * noise

    def loss_terms(self, model, clean, t, extra=None):
        extra = extra or {}
        noise = torch.randn_like(clean)
        noisy = self.corrupt(clean, t, noise)
        predicted = model(noisy, t, **extra)
        return {"loss": ((predicted - noise) ** 2).mean(dim=1)}
