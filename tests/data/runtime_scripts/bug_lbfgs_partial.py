"""An LBFGS closure handed through functools.partial that never clears."""
import functools

import torch


def closure(model, x, y):
    loss = torch.nn.functional.mse_loss(model(x), y)
    loss.backward()
    return loss


def fit(model, x, y, rounds=2):
    optimizer = torch.optim.LBFGS(model.parameters(), lr=0.5, max_iter=5)
    for _ in range(rounds):
        optimizer.step(functools.partial(closure, model, x, y))  # <- ZG101


if __name__ == "__main__":
    torch.manual_seed(0)
    fit(torch.nn.Linear(3, 1), torch.randn(20, 3), torch.randn(20, 1))
