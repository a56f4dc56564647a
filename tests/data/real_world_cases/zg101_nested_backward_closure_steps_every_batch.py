"""The buggy twin of clean101_step_in_nested_backward_closure_under_need_update.py.

The same accumulating epoch, inlined at its call, with its backward and step in
a closure defined in the loop body; but the closure steps on every batch,
while the loop still clears only after `if not need_update: continue`. On a
batch that does not update, the step applies the gradients and nothing clears
them: the next batch's backward adds to them and its step applies them again
(RULES.md ZG101). The closure's `optimizer` and the loop's are the same
object, the caller's argument: the report names it as the call hands it.
"""
# expect: ZG101 29:13
import torch
from torch import nn


def train_one_epoch(model, loader, optimizer, accum_steps):
    last_batch_idx = len(loader) - 1
    optimizer.zero_grad()
    for batch_idx, (x, y) in enumerate(loader):
        need_update = batch_idx == last_batch_idx or (batch_idx + 1) % accum_steps == 0

        def _forward():
            loss = nn.functional.mse_loss(model(x), y)
            return loss / accum_steps

        def _backward(_loss):
            _loss.backward()
            nn.utils.clip_grad_norm_(model.parameters(), 1.0)
            optimizer.step()

        _backward(_forward())
        if not need_update:
            continue
        optimizer.zero_grad()


model = nn.Linear(4, 1)
train_one_epoch(model, [(torch.randn(2, 4), torch.randn(2, 1)) for _ in range(5)],
                torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9), accum_steps=2)
