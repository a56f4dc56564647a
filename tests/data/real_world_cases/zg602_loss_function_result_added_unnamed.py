"""The loss function's result added straight into a running total, never named.

Modelled on the redteam's zg602_criterion_result_summed_directly.py: the
backward is `criterion(out, y).backward()` and the total takes
`criterion(out, y)` again. A function the file computes a backwarded loss
with, applied to the model's output, gives a tensor with that output's
autograd graph (RULES.md ZG602): kept across iterations. Its `.item()`, or
the same sum under `torch.no_grad()`, keeps nothing.
"""
# expect: ZG602 22:9
# expect: ZG602 33:9
import torch


def train(model, loader, optimizer, criterion):
    total = 0.0
    for x, y in loader:
        optimizer.zero_grad()
        out = model(x)
        criterion(out, y).backward()
        optimizer.step()
        total += criterion(out, y)
    return total


def train_named_loss(model, loader, optimizer):
    history = []
    for x, y in loader:
        optimizer.zero_grad()
        loss = torch.nn.functional.mse_loss(model(x), y)
        loss.backward()
        optimizer.step()
        history.append(torch.nn.functional.mse_loss(model(x), y))
    return history


def train_numbers(model, loader, optimizer, criterion):
    total = 0.0
    for x, y in loader:
        optimizer.zero_grad()
        out = model(x)
        criterion(out, y).backward()
        optimizer.step()
        total += criterion(out, y).item()
        with torch.no_grad():
            total += criterion(model(x), y)
    return total
