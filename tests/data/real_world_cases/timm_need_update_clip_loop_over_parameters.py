"""The update's clip runs a loop over the parameters, between `if need_update:` and the step.

Seen in huggingface/pytorch-image-models train.py and legacy_train.py
(train_one_epoch): under `if need_update:` the step follows
`utils.dispatch_clip_grad(...)`, whose adaptive mode (`adaptive_clip_grad`)
loops over the parameters; the loop clears after `if not need_update:
continue`. `need_update` moves with the batches, so it is forgotten when the
batch loop starts its next iteration; the loop over parameters never tests
it, and inside one batch it still holds. Both timm files were reported
(ZG101 at the step) because every loop's back edge forgot it, the clip's
included, so the clear after the `continue` no longer agreed with the step.
The buggy twin is zg101_need_update_clip_loop_clear_on_log_batches.py.
"""
# expect: clean
import torch
from torch import nn


def adaptive_clip(parameters, clip_factor, eps=1e-3):
    for p in parameters:
        if p.grad is None:
            continue
        max_norm = p.detach().norm().clamp_(min=eps) * clip_factor
        grad_norm = p.grad.detach().norm()
        if grad_norm > max_norm:
            p.grad.detach().mul_(max_norm / grad_norm)


def dispatch_clip(parameters, value, mode):
    if mode == "norm":
        nn.utils.clip_grad_norm_(parameters, value)
    elif mode == "agc":
        adaptive_clip(parameters, value)


def train_one_epoch(model, loader, optimizer, accum_steps, clip_mode="agc"):
    optimizer.zero_grad()
    for batch_idx, (x, y) in enumerate(loader):
        need_update = batch_idx == len(loader) - 1 or (batch_idx + 1) % accum_steps == 0
        loss = nn.functional.mse_loss(model(x), y) / accum_steps
        loss.backward()
        if need_update:
            dispatch_clip(list(model.parameters()), 0.01, clip_mode)
            optimizer.step()
        if not need_update:
            continue
        optimizer.zero_grad()


model = nn.Linear(4, 1)
train_one_epoch(model, [(torch.randn(2, 4), torch.randn(2, 1)) for _ in range(5)],
                torch.optim.SGD(model.parameters(), lr=0.1), accum_steps=2)
