"""Micro-batches unscaled per optimizer in one helper, stepped per optimizer in another; update in the loop.

Seen in mosaicml/composer composer/trainer/trainer.py: `_train_loop` does
`total_loss_dict = self._train_batch(use_grad_scaling)` then
`if use_grad_scaling: self.state.scaler.update()`; `_train_batch` calls
`_train_microbatches` (directly, or as the closure of `scaler.step` when
closures are on; it clears, scales each micro-batch loss under
`if use_grad_scaling:` and backpropagates it, then `for optimizer in
self.state.optimizers: self.state.scaler.unscale_(optimizer)`) and then
`for optimizer in self.state.optimizers: if use_grad_scaling:
self.state.scaler.step(optimizer) else: optimizer.step()`. Each pass of a
loop over optimizers is a different optimizer (issue 10 shape 6), and the
training loop updates after every batch (RULES.md ZG403, ZG404); the
`while True:` in `_train_batch` only retries a batch that failed with an
out-of-memory error, it is no training loop of its own.
"""
# expect: clean
import torch


class Trainer:
    def __init__(self, model, optimizers):
        self.model = model
        self.optimizers = optimizers
        self.scaler = torch.amp.GradScaler("cpu")

    def _train_microbatches(self, microbatches, use_grad_scaling):
        for optimizer in self.optimizers:
            optimizer.zero_grad()
        for micro in microbatches:
            loss = self.model(micro).pow(2).mean() / len(microbatches)
            if use_grad_scaling:
                loss = self.scaler.scale(loss)
            loss.backward()
        if use_grad_scaling:
            for optimizer in self.optimizers:
                self.scaler.unscale_(optimizer)

    def _train_batch(self, microbatches, use_grad_scaling, use_closures):
        while True:  # retried with smaller micro-batches after an out-of-memory error
            found_oom = False
            try:
                if use_closures:
                    for optimizer in self.optimizers:
                        self.scaler.step(optimizer, closure=lambda: self._train_microbatches(microbatches, use_grad_scaling))
                else:
                    self._train_microbatches(microbatches, use_grad_scaling)
                    for optimizer in self.optimizers:
                        if use_grad_scaling:
                            self.scaler.step(optimizer)
                        else:
                            optimizer.step()
            except RuntimeError as error:
                if "out of memory" not in str(error):
                    raise
                found_oom = True
            if found_oom:
                microbatches = [m for micro in microbatches for m in micro.chunk(2)]
                continue
            return

    def _train_loop(self, loader, use_grad_scaling, use_closures):
        for microbatches in loader:
            self._train_batch(microbatches, use_grad_scaling, use_closures)
            if use_grad_scaling:
                self.scaler.update()
