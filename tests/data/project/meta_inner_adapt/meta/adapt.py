# expect: clean
"""The inner loop of a first-order meta-learner: each task adapts a fresh copy of the model with an optimizer of its
own, built for that copy (its momentum starting from zero is the point: the copy is new too)."""

import copy

import torch


def adapt(model, support, steps, lr):
    fast = copy.deepcopy(model)
    inner = torch.optim.SGD(fast.parameters(), lr=lr, momentum=0.9)
    inputs, targets = support
    for _ in range(steps):
        inner.zero_grad()
        torch.nn.functional.cross_entropy(fast(inputs), targets).backward()
        inner.step()
    return fast


def accumulate_first_order(model, fast):
    """First-order MAML: the query loss's gradients on the adapted copy added into the model's `.grad`, which the outer
    optimizer applies once the meta-batch's tasks are done."""
    for slow, adapted in zip(model.parameters(), fast.parameters()):
        if adapted.grad is None:
            continue
        if slow.grad is None:
            slow.grad = adapted.grad.detach().clone()
        else:
            slow.grad.add_(adapted.grad)
