"""Division as `loss / n`, `loss /= n` and `loss * (1 / n)` in three loops.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: clean
import torch


def a(model, loader, opt, n):
    for i, (x, y) in enumerate(loader):
        loss = torch.nn.functional.mse_loss(model(x), y) / n
        loss.backward()
        if (i + 1) % n == 0:
            opt.step()
            opt.zero_grad()


def b(model, loader, opt, n):
    for i, (x, y) in enumerate(loader):
        loss = torch.nn.functional.mse_loss(model(x), y)
        loss /= n
        loss.backward()
        if (i + 1) % n == 0:
            opt.step()
            opt.zero_grad()


def c(model, loader, opt, n):
    for i, (x, y) in enumerate(loader):
        loss = torch.nn.functional.mse_loss(model(x), y)
        (loss * (1 / n)).backward()
        if (i + 1) % n == 0:
            opt.step()
            opt.zero_grad()
