# expect: clean
"""The loop of the pair: each batch's loss handed to `engine.step`, which the report points into (kit/engine.py)."""

import torch

from kit import engine


def train_one_epoch(model, optimizer, loader, cfg):
    model.train()
    for it, (x, y) in enumerate(loader):
        loss = torch.nn.functional.cross_entropy(model(x), y)
        engine.step(it=it, model=model, optimizer=optimizer, loss=loss, accum_steps=cfg.accum_steps, max_norm=cfg.max_norm)


def main(cfg, loader):
    model = torch.nn.Linear(8, 2)
    optimizer = torch.optim.AdamW(model.parameters(), lr=cfg.lr)
    for epoch in range(cfg.epochs):
        train_one_epoch(model, optimizer, loader, cfg)
