"""An accumulating epoch whose backward and step sit in a closure defined in the loop body.

Shape of timm's train.py and legacy_train.py `train_one_epoch`: per batch,
`need_update = last_batch or (batch_idx + 1) % accum_steps == 0`, then a
nested `def _backward(_loss)` does `_loss.backward()` and, under
`if need_update:`, the optimizer's step; after calling it the loop does
`if not need_update: continue` and then `optimizer.zero_grad()`. The clear
follows every step (the same test, nothing assigned between), so nothing is
applied twice (RULES.md: a report that needs two tests to disagree is a false
report). Reported while the function was inlined at its call: the closure read
its free name `optimizer` as the parameter's own name, where the function's
body read it as the caller's argument, so the step and the clear were of two
optimizers; a closure now reads its free names as the inlined call binds them.
The loop over parameters of timm's clip helper is
`timm_need_update_clip_loop_over_parameters.py`; the buggy twin
`zg101_nested_backward_closure_steps_every_batch.py`.
"""
# expect: clean
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
            if need_update:
                nn.utils.clip_grad_norm_(model.parameters(), 1.0)
                optimizer.step()

        _backward(_forward())
        if not need_update:
            continue
        optimizer.zero_grad()


model = nn.Linear(4, 1)
train_one_epoch(model, [(torch.randn(2, 4), torch.randn(2, 1)) for _ in range(5)],
                torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9), accum_steps=2)
