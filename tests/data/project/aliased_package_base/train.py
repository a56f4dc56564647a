# expect: ZG401 16:9
"""A subclass of a base of a package module imported under an alias (`import lib.trainers as T`, `T.AmpBase`):
its `after_backward` hook clips the gradients the base's backward scaled, before any unscale."""

import torch

import lib.trainers as T


class Classifier(T.AmpBase):
    def compute_loss(self, batch):
        inputs, targets = batch
        return torch.nn.functional.cross_entropy(self.model(inputs), targets)

    def after_backward(self):
        torch.nn.utils.clip_grad_norm_(self.model.parameters(), self.max_norm)


if __name__ == "__main__":
    Classifier(torch.nn.Linear(4, 3), [(torch.randn(2, 4), torch.tensor([0, 1]))]).fit(epochs=2)
