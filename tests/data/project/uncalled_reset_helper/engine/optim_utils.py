# expect: ZG202 7:5
"""Small optimizer helpers. `reset_grads` names `zero_grad` without calling it: the line does nothing, and
train.py's loop, whose only clear it is, sums every batch's gradients into the next step."""


def reset_grads(optimizer):
    optimizer.zero_grad


def reset_all(optimizers):
    for optimizer in optimizers:
        optimizer.zero_grad(set_to_none=True)


def current_lr(optimizer):
    return optimizer.param_groups[0]["lr"]
