"""A fit function handed the optimizer as a `functools.partial` of Adam (the caller's choice) builds it anew for
each epoch of its loop: Adam's moments start from zero each time (RULES.md ZG601). The partial is read where the
caller wrote it; reported at the call in the loop."""
# expect: ZG601 13:21
from functools import partial

import torch
import torch.nn.functional as F


def fit(model, loader, epochs, optimizer_fn):
    for epoch in range(epochs):
        optimizer = optimizer_fn(model.parameters())
        for x, y in loader:
            optimizer.zero_grad(set_to_none=True)
            F.mse_loss(model(x), y).backward()
            optimizer.step()


def main(model, loader):
    fit(model, loader, 20, partial(torch.optim.Adam, lr=1e-3, amsgrad=True))
