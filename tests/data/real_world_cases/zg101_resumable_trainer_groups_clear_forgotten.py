"""The trainer of clean_resumable_trainer_groups_with_backward_callbacks.py with its clear forgotten.

Nothing clears the gradients between groups: each step applies every earlier
group's gradients too (RULES.md ZG101 at both steps). Missed while the loop
did not settle and the method was left out.
"""
# expect: ZG101 64:17
# expect: ZG101 67:17
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
