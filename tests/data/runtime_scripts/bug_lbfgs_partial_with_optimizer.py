"""functools.partial hands the optimizer to a closure that never clears."""
import functools

import torch


def closure(optimizer, model, x, y):
    loss = torch.nn.functional.mse_loss(model(x), y)
    loss.backward()
    return loss


def main():
    torch.manual_seed(0)
    model = torch.nn.Linear(4, 1)
    lbfgs = torch.optim.LBFGS(model.parameters(), max_iter=3)
    x, y = torch.randn(12, 4), torch.randn(12, 1)
    for _ in range(2):
        lbfgs.step(functools.partial(closure, lbfgs, model, x, y))  # <- ZG101


if __name__ == "__main__":
    main()
