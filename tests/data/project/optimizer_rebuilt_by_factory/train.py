# expect: clean
"""Each epoch asks utils/optim.py for an optimizer over the model built once, before the loop."""

from utils.optim import build_optimizer


def train(cfg, model, loader, criterion):
    for epoch in range(cfg.epochs):
        optimizer = build_optimizer(model, cfg)
        for x, y in loader:
            optimizer.zero_grad()
            loss = criterion(model(x), y)
            loss.backward()
            optimizer.step()
