"""The buggy twin of timm_need_update_clip_loop_over_parameters.py.

The same update, a clip whose adaptive mode loops over the parameters, then
the step under `if need_update:`; but the clear after the `continue` runs on
logging batches (`batch_idx % log_every == 0`), a test that does not agree
with `need_update`. An update on a batch that does not log leaves its applied
gradients in `.grad`, and the next update applies them again (RULES.md ZG101).
"""
# expect: ZG101 39:13
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


def train_one_epoch(model, loader, optimizer, accum_steps, log_every=3, clip_mode="agc"):
    optimizer.zero_grad()
    for batch_idx, (x, y) in enumerate(loader):
        need_update = batch_idx == len(loader) - 1 or (batch_idx + 1) % accum_steps == 0
        loss = nn.functional.mse_loss(model(x), y) / accum_steps
        loss.backward()
        if need_update:
            dispatch_clip(list(model.parameters()), 0.01, clip_mode)
            optimizer.step()
        if batch_idx % log_every != 0:
            continue
        print(f"batch {batch_idx}: loss {loss.item():.4f}")
        optimizer.zero_grad()


model = nn.Linear(4, 1)
train_one_epoch(model, [(torch.randn(2, 4), torch.randn(2, 1)) for _ in range(5)],
                torch.optim.SGD(model.parameters(), lr=0.1), accum_steps=2)
