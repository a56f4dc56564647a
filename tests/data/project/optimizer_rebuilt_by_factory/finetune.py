# expect: clean
"""The twin: the optimizer built again only at the epoch the backbone is unfrozen (a new parameter set once)."""

from utils.optim import build_optimizer


def finetune(cfg, model, loader, criterion):
    optimizer = build_optimizer(model, cfg)
    for epoch in range(cfg.epochs):
        if epoch == cfg.unfreeze_epoch:
            model.backbone.requires_grad_(True)
            optimizer = build_optimizer(model, cfg)
        for x, y in loader:
            optimizer.zero_grad()
            loss = criterion(model(x), y)
            loss.backward()
            optimizer.step()
