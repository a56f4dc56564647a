"""A new GradScaler for every scaled backward; every n micro-batches unscale, clip, and skip the step on a non-finite norm.

Modelled on TorchRL's GRPO recipe (grpo-async.py): `scaler = GradScaler()`
then `scaler.scale(loss).backward()` per micro-batch; on the update
micro-batch `scaler.unscale_(optimizer)`, clip, and when the norm is not
finite a clear and `continue` without `step`/`update()`. The next unscale is
on the next iteration's new scaler, which has unscaled nothing: RULES.md ZG403
(one scaler unscaling one optimizer twice before `update()`) cannot happen.
"""
# expect: clean
import torch
from torch.amp import GradScaler


def train(policy, optimizer, loader, accumulation_steps):
    for step, batch in enumerate(loader):
        loss = policy(batch).mean() / accumulation_steps
        scaler = GradScaler("cpu")
        scaler.scale(loss).backward()
        if (step + 1) % accumulation_steps != 0:
            continue
        scaler.unscale_(optimizer)
        norm = torch.nn.utils.clip_grad_norm_(policy.parameters(), 1.0)
        if not torch.isfinite(norm):
            optimizer.zero_grad(set_to_none=True)
            continue
        scaler.step(optimizer)
        scaler.update()
        optimizer.zero_grad(set_to_none=True)
