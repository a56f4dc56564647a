"""A trainer method clears, backpropagates each micro-batch undivided, steps once: ZG501 missed in a class.

Seen in openai/improved-diffusion improved_diffusion/train_util.py
(`TrainLoop.forward_backward` loops over micro-batches, `loss.backward()` each,
`optimize_normal()` steps `self.opt`): reported (true) on 4be1f30, silent on
main 7bb1f40. Reduced here: the same loop in a module-level function with a
module-level optimizer is still reported; as a method over `self.opt` it is
not. RULES.md ZG501: an inner loop over micro-batches accumulates, and the loss
is not divided by their number.
"""
# expect: ZG501 25:13
import torch


class Trainer:
    def __init__(self, model, microbatch):
        self.model = model
        self.microbatch = microbatch
        self.opt = torch.optim.AdamW(model.parameters(), lr=1e-4)

    def run_step(self, batch):
        self.opt.zero_grad()
        for i in range(0, batch.shape[0], self.microbatch):
            loss = self.model(batch[i : i + self.microbatch]).mean()
            loss.backward()
        self.opt.step()


def train(trainer, loader):
    for batch in loader:
        trainer.run_step(batch)
