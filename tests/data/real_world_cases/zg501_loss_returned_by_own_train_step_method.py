"""The loss comes from the class's own `train_step` method, undivided, and the step is under an accumulation guard.

Modelled on LAVIS-style task runners (MiniGPT-4's base_task.py):
`loss = self.train_step(model, samples)` (a method of the same class that
returns `model(samples)["loss"]`), the backward, and a step every
`accum_grad_iters` iterations. Nothing divides the loss: each update carries
the sum of n micro-batch gradients (RULES.md ZG501, at the backward). The
method is the file's own: what it returns is visible.
"""
# expect: ZG501 27:13
import torch


class Task:
    def train_step(self, model, samples):
        output = model(samples)
        return output["loss"]

    def normalised_step(self, model, samples, accum):
        return model(samples)["loss"] / accum

    def train_epoch(self, model, optimizer, loader, accum_grad_iters):
        model.train()
        for i, samples in enumerate(loader):
            loss = self.train_step(model, samples)
            other = self.normalised_step(model, samples, accum_grad_iters)
            loss.backward()
            other.backward()
            if (i + 1) % accum_grad_iters == 0:
                optimizer.step()
                optimizer.zero_grad()
