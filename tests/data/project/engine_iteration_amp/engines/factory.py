# expect: clean
"""The trainer a config asks for, built by a factory (the subclass of engines/clipped.py, whose `run` its base defines)."""

from .clipped import ClippedTrainer


def build_trainer(cfg, network, optimizer, loader, loss_function):
    return ClippedTrainer(cfg.max_epochs, loader, network, optimizer, loss_function, amp=cfg.amp, max_norm=cfg.max_norm)
