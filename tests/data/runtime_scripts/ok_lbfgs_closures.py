"""LBFGS closures that clear: a nested def, a method, and functools.partial; a strong-Wolfe line search."""
import functools

import torch


def closure_of(optimizer, model, x, y):
    optimizer.zero_grad()
    loss = torch.nn.functional.mse_loss(model(x), y)
    loss.backward()
    return loss


def main():
    torch.manual_seed(0)
    x, y = torch.randn(16, 3), torch.randn(16, 1)
    model = torch.nn.Linear(3, 1)
    optimizer = torch.optim.LBFGS(model.parameters(), max_iter=5, line_search_fn="strong_wolfe")

    def closure():
        optimizer.zero_grad()
        loss = torch.nn.functional.mse_loss(model(x), y)
        loss.backward()
        return loss

    for _ in range(2):
        optimizer.step(closure)
    for _ in range(2):
        optimizer.step(functools.partial(closure_of, optimizer, model, x, y))
    sgd = torch.optim.SGD(model.parameters(), lr=0.01)
    for _ in range(3):
        sgd.step(lambda: closure_of(sgd, model, x, y))


if __name__ == "__main__":
    main()
