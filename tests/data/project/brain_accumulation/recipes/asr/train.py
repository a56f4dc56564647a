# expect: ZG101 26:17
"""An ASR recipe accumulating gradients over `grad_accumulation_factor` batches: its `fit_batch` steps on every
n-th batch of the base class's loop (core/brain.py) and never clears after the step, so the gradients already
applied are applied again with the next ones."""

import torch

from core import Brain


class ASRBrain(Brain):
    def compute_forward(self, batch, stage):
        features = self.hparams.compute_features(batch["wav"])
        return self.modules(features)

    def compute_objectives(self, predictions, batch, stage):
        return torch.nn.functional.ctc_loss(predictions, batch["tokens"], batch["wav_lens"], batch["token_lens"])

    def fit_batch(self, batch):
        should_step = self.step % self.hparams.grad_accumulation_factor == 0
        predictions = self.compute_forward(batch, "train")
        loss = self.compute_objectives(predictions, batch, "train")
        (loss / self.hparams.grad_accumulation_factor).backward()
        if should_step:
            if self.check_gradients(loss):
                self.optimizer.step()
        return loss.detach()


def main(modules, hparams, train_set):
    brain = ASRBrain(modules, lambda params: torch.optim.Adam(params, lr=hparams.lr), hparams)
    brain.fit(hparams.epochs, train_set)
