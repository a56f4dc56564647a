# expect: ZG103 7:5
"""Optimizer helpers: the clear that trainer/epoch.py calls at the top of each iteration, where it finds the
gradients already cleared by that loop's own clear at the bottom of the previous one (reported here)."""


def reset_grads(optimizer):
    optimizer.zero_grad(set_to_none=True)
