# expect: ZG102 19:5
"""Gradient helpers of a training script. `log_grad_norm` writes the gradient norm and then resets the gradients,
"ready for the next batch": train.py calls it between the backward and the step, so every step sees none.
`drop_if_nonfinite` clears only a batch whose gradient norm is not finite (the "drop this batch" idiom: with
`set_to_none`, the step skips those parameters)."""

import math

import torch


def grad_norm(model):
    norms = [p.grad.detach().norm() for p in model.parameters() if p.grad is not None]
    return torch.stack(norms).norm().item() if norms else 0.0


def log_grad_norm(model, optimizer, writer, step):
    writer.add_scalar("train/grad_norm", grad_norm(model), step)
    optimizer.zero_grad()


def drop_if_nonfinite(model, optimizer, max_norm):
    norm = torch.nn.utils.clip_grad_norm_(model.parameters(), max_norm)
    if not math.isfinite(norm):
        optimizer.zero_grad(set_to_none=True)
        return False
    return True
