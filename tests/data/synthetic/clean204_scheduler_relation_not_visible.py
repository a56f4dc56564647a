"""A scheduler from an imported builder (its optimizer not visible) stepped at the top of the epoch.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: clean
import torch

from mylib.schedulers import build_scheduler


def fit(model, loader, cfg):
    optimizer = torch.optim.AdamW(model.parameters(), lr=cfg.lr)
    scheduler = build_scheduler(cfg)
    for epoch in range(cfg.epochs):
        scheduler.step()
        for x, y in loader:
            optimizer.zero_grad()
            torch.nn.functional.mse_loss(model(x), y).backward()
            optimizer.step()
