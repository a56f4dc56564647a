"""A resumable trainer over batch groups whose callbacks may run the backward themselves: the loop must settle.

Modelled on allennlp's gradient_descent_trainer.py `_train_epoch`: per batch
group, clear, skip the groups done before a resume, then per batch stop early
in distributed runs, compute the loss under autocast, let every callback say
whether it ran the backward (`called |= callback.on_backward(...)`), and
backpropagate (scaled or not) if none did; after the group, clip through a
helper that unscales when there is a scaler, and step (through the scaler or
not). Correct. The loop's correlated state was written two ways on alternate
passes and never settled, so the method was left out (said on stderr).
"""
# expect: clean
import torch


class Trainer:
    def __init__(self, model, optimizer, scaler, callbacks, max_norm, wrapped=None):
        self.model = model
        self.optimizer = optimizer
        self.scaler = scaler
        self.callbacks = callbacks
        self.max_norm = max_norm
        self.wrapped = wrapped
        self.amp = scaler is not None
        self.distributed = wrapped is not None
        self.epoch = self.batches = 0
        self.resume_epoch = self.resume_batch = 0

    @property
    def network(self):
        if self.wrapped is None:
            return self.model
        return self.wrapped

    def outputs_of(self, batch):
        return self.network(**batch)

    def clip(self):
        if isinstance(self.max_norm, bool):
            return None
        if self.scaler is not None:
            self.scaler.unscale_(self.optimizer)
        if self.wrapped is not None:
            return self.wrapped.clip_grad_norm_(self.max_norm).item()
        return torch.nn.utils.clip_grad_norm_(self.model.parameters(), self.max_norm).item()

    def train_epoch(self, groups, stop):
        for group in groups:
            self.optimizer.zero_grad()
            if self.epoch < self.resume_epoch or (self.epoch == self.resume_epoch and self.batches < self.resume_batch):
                continue
            for batch in group:
                if self.distributed:
                    if stop.item() > 0:
                        break
                with torch.autocast("cuda", enabled=self.amp):
                    outputs = self.outputs_of(batch)
                    loss = outputs["loss"] / len(group)
                called = False
                for callback in self.callbacks:
                    called |= callback.on_backward(self, outputs, called)
                if not called:
                    if self.scaler is not None:
                        self.scaler.scale(loss).backward()
                    else:
                        loss.backward()
            self.clip()
            if self.scaler is not None:
                self.scaler.step(self.optimizer)
                self.scaler.update()
            else:
                self.optimizer.step()
            self.batches += 1
