# expect: clean
"""Builds the trainer the config names; the clipping mistake is reported in engine/amp.py."""

import torch

from engine import AmpTrainer, SimpleTrainer, UnscalingAmpTrainer


def build_trainer(cfg, model, loader):
    optimizer = torch.optim.AdamW(model.parameters(), lr=cfg.lr)
    if not cfg.amp:
        return SimpleTrainer(model, loader, optimizer, cfg.max_iter)
    if cfg.unscale:
        return UnscalingAmpTrainer(model, loader, optimizer, cfg.max_iter, cfg.clip)
    return AmpTrainer(model, loader, optimizer, cfg.max_iter, cfg.clip)


def main(cfg, model, loader):
    trainer = build_trainer(cfg, model, loader)
    trainer.train()
