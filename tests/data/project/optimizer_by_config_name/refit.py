# expect: clean
"""The optimizer built again each epoch by the factory: its class is the config's (perhaps plain SGD, which keeps
no state), so ZG601 does not know it throws any state away; the hydra-built one is not known either."""

import hydra

from utils.build import build_optimizer


def refit(cfg, model, loader, criterion):
    for epoch in range(cfg.epochs):
        optimizer = build_optimizer(cfg, model)
        for x, y in loader:
            optimizer.zero_grad()
            loss = criterion(model(x), y)
            loss.backward()
            optimizer.step()


def hydra_refit(cfg, model, loader, criterion):
    for epoch in range(cfg.epochs):
        optimizer = hydra.utils.instantiate(cfg.optim, params=model.parameters())
        for x, y in loader:
            optimizer.zero_grad()
            loss = criterion(model(x), y)
            loss.backward()
            optimizer.step()
