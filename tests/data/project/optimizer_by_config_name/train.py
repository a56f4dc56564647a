# expect: ZG101 15:13
"""The optimizer comes from utils/build.py's factory and nothing clears it: every step applies the gradients of
all earlier iterations."""

from utils.build import build_optimizer


def train(cfg, model, loader, criterion):
    optimizer = build_optimizer(cfg, model)
    for epoch in range(cfg.epochs):
        model.train()
        for x, y in loader:
            loss = criterion(model(x), y)
            loss.backward()
            optimizer.step()
