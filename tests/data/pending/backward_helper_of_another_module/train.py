# expect: ZG101 16:9
"""A loop that steps after the helper of fitting.py has run the backward, and never clears: every step applies the
gradients of all the batches so far (ZG101 at the step). Silent today: the helper of another module is not followed
when it runs the backward alone (the same helper in this file is; one of another module that also steps is)."""

import torch

from fitting import forward_backward


def train(model, batches):
    optimizer = torch.optim.AdamW(model.parameters(), lr=3e-4)
    losses = []
    for batch in batches:
        losses.append(forward_backward(model, batch))
        optimizer.step()
    return losses
