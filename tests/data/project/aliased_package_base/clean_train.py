# expect: clean
"""The twin of train.py: the hook unscales the base's optimizer before it clips."""

import torch

import lib.trainers as T


class Classifier(T.AmpBase):
    def compute_loss(self, batch):
        inputs, targets = batch
        return torch.nn.functional.cross_entropy(self.model(inputs), targets)

    def after_backward(self):
        self.scaler.unscale_(self.optimizer)
        torch.nn.utils.clip_grad_norm_(self.model.parameters(), self.max_norm)


if __name__ == "__main__":
    Classifier(torch.nn.Linear(4, 3), [(torch.randn(2, 4), torch.tensor([0, 1]))]).fit(epochs=2)
