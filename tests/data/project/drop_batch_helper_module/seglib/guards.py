# expect: ZG102 22:5
"""The project's gradient guards. `drop_if_nonfinite` throws the batch's gradients away when their norm is not
finite (set to None: the optimizer's step then skips every parameter); `reset_after_logging` is a refactor that
clears them whatever the norm, right before the caller's step, so that step never sees a gradient."""

import math

import torch


def drop_if_nonfinite(norm, optimizer, counter):
    if not math.isfinite(norm):
        optimizer.zero_grad(set_to_none=True)
        counter["skipped"] += 1
        return False
    return True


def reset_after_logging(model, optimizer, writer, step):
    norm = torch.nn.utils.clip_grad_norm_(model.parameters(), float("inf"))
    writer.add_scalar("grad_norm", norm.item(), step)
    optimizer.zero_grad()
