# expect: clean
"""The twin recipe: the same accumulation, clearing after each step."""

import torch

from core import Brain


class EnhanceBrain(Brain):
    def compute_forward(self, batch, stage):
        return self.modules(batch["noisy"])

    def compute_objectives(self, predictions, batch, stage):
        return torch.nn.functional.mse_loss(predictions, batch["clean"])

    def fit_batch(self, batch):
        should_step = self.step % self.hparams.grad_accumulation_factor == 0
        predictions = self.compute_forward(batch, "train")
        loss = self.compute_objectives(predictions, batch, "train")
        (loss / self.hparams.grad_accumulation_factor).backward()
        if should_step:
            if self.check_gradients(loss):
                self.optimizer.step()
            self.optimizer.zero_grad()
        return loss.detach()


def main(modules, hparams, train_set):
    brain = EnhanceBrain(modules, lambda params: torch.optim.Adam(params, lr=hparams.lr), hparams)
    brain.fit(hparams.epochs, train_set)
