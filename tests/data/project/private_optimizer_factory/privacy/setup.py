# expect: clean
"""Differentially private training set up in one place (opacus's shape): the privacy engine wraps the model, the
optimizer and the loader, and hands back all three; the optimizer is built here from the config."""

import torch
from opacus import PrivacyEngine


def build_optimizer(model, cfg):
    if cfg.optim == "sgd":
        return torch.optim.SGD(model.parameters(), lr=cfg.lr, momentum=cfg.momentum)
    return torch.optim.Adam(model.parameters(), lr=cfg.lr)


def make_private_training(model, loader, cfg):
    privacy_engine = PrivacyEngine(secure_mode=cfg.secure_rng)
    optimizer = build_optimizer(model, cfg)
    model, optimizer, loader = privacy_engine.make_private(
        module=model,
        optimizer=optimizer,
        data_loader=loader,
        noise_multiplier=cfg.sigma,
        max_grad_norm=cfg.max_per_sample_grad_norm,
    )
    return privacy_engine, model, optimizer, loader
