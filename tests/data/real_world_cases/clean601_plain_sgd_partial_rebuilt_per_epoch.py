"""The twin of zg601_momentum_sgd_partial_rebuilt_per_epoch.py with plain SGD: neither the partial's keywords nor
the call's give a momentum, so the optimizer keeps no state and a fresh one each epoch loses nothing (RULES.md
ZG601: SGD with `momentum` not given is stateless); the call's own `momentum=0.0` overrides the partial's."""
# expect: clean
import functools

import torch

make_optimizer = functools.partial(torch.optim.SGD, lr=0.05)
make_heavy_optimizer = functools.partial(torch.optim.SGD, lr=0.05, momentum=0.9)


def train(model, loader, epochs):
    criterion = torch.nn.CrossEntropyLoss()
    model.train()
    for epoch in range(epochs):
        optimizer = make_optimizer(model.parameters())
        for x, y in loader:
            optimizer.zero_grad()
            criterion(model(x), y).backward()
            optimizer.step()


def train_without_momentum(model, loader, epochs):
    criterion = torch.nn.CrossEntropyLoss()
    for epoch in range(epochs):
        optimizer = make_heavy_optimizer(model.parameters(), momentum=0.0)
        for x, y in loader:
            optimizer.zero_grad()
            criterion(model(x), y).backward()
            optimizer.step()
