# expect: clean
"""The twin: the closure that clears first."""

import torch

from solver.closures import make_closure


def fit(model, loader, loss_fn, epochs):
    optimizer = torch.optim.LBFGS(model.parameters(), lr=1.0, max_iter=20, history_size=10)
    for epoch in range(epochs):
        for inputs, targets in loader:
            optimizer.step(make_closure(model, optimizer, inputs, targets, loss_fn))
