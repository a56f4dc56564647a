# expect: ZG101 15:13
"""LBFGS stepped with the closure that solver/closures.py's factory makes, which never clears: each of its
evaluations adds to the gradients of the last, and of the last step."""

import torch

from solver.closures import forgetful_closure


def fit(model, loader, loss_fn, epochs):
    optimizer = torch.optim.LBFGS(model.parameters(), lr=1.0, max_iter=20, history_size=10)
    for epoch in range(epochs):
        for inputs, targets in loader:
            closure = forgetful_closure(model, inputs, targets, loss_fn)
            optimizer.step(closure)
