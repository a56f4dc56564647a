# expect: ZG501 29:21
"""A base trainer's loop: each list of micro-batches from pipeline.py is backpropagated one micro-batch at a time,
then one step. `SummingTrainer` gives each micro-batch's mean loss to backward undivided, so the step applies
`num_mb` times the gradient of the batch's mean loss; `AveragingTrainer` divides it (clean). The loss is each
subclass's (sft_trainer.py): what the override inlined for the subclass returns (`losses.Helpers`), the base's own
`loss()` raising. sft_trainer.py, whose words hold neither a backward, a step nor a loop, derives from a class it
imports from a module that says train (`project_gate.TRAINER_IMPORT`), whose loop calls its `loss` on `self`."""

import torch

from rlhf.pipeline import MiniBatchIterator


class SummingTrainer:
    def __init__(self, model, batch_size, mb_size, lr=1e-5):
        self.model = model
        self.mb_size = mb_size
        self.num_mb = batch_size // mb_size
        self.opt = torch.optim.AdamW(model.parameters(), lr=lr)

    def loss(self, microbatch):
        raise NotImplementedError

    def learn(self, loader, epochs):
        for _ in range(epochs):
            for minibatch in MiniBatchIterator(loader, self.mb_size, self.num_mb):
                for microbatch in minibatch:
                    loss = self.loss(microbatch)
                    loss.backward()
                self.opt.step()
                self.opt.zero_grad()


class AveragingTrainer(SummingTrainer):
    def learn(self, loader, epochs):
        for _ in range(epochs):
            for minibatch in MiniBatchIterator(loader, self.mb_size, self.num_mb):
                for microbatch in minibatch:
                    loss = self.loss(microbatch)
                    (loss / self.num_mb).backward()
                self.opt.step()
                self.opt.zero_grad()
