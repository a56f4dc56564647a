# expect: clean
"""The same loop over the fixed helper (kit/cleared_engine.py): silent."""

import torch

from kit import cleared_engine


def train_one_epoch(model, optimizer, loader, cfg):
    model.train()
    for it, (x, y) in enumerate(loader):
        loss = torch.nn.functional.cross_entropy(model(x), y)
        cleared_engine.step(it, model, optimizer, loss, cfg.accum_steps, cfg.max_norm)


def main(cfg, loader):
    model = torch.nn.Linear(8, 2)
    optimizer = torch.optim.AdamW(model.parameters(), lr=cfg.lr)
    for epoch in range(cfg.epochs):
        train_one_epoch(model, optimizer, loader, cfg)
