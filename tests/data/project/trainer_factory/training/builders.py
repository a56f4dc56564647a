# expect: clean
"""The project's factories: the loops of this tree never name a step class, they ask for one here."""

import torch

from .steppers import ClearingStepper, CompiledLeakyStepper, LeakyStepper


def build_stepper(cfg, model, optimizer):
    return LeakyStepper(model=model, optimizer=optimizer, max_norm=cfg.max_norm)


def build_clearing_stepper(cfg, model, optimizer):
    stepper = ClearingStepper(model, optimizer, cfg.max_norm)
    return stepper


def build_with_own_optimizer(cfg, model):
    optimizer = torch.optim.AdamW(model.parameters(), lr=cfg.lr)
    return LeakyStepper(model, optimizer)


def build_by_name(name, model, optimizer):
    if name == "clearing":
        return ClearingStepper(model, optimizer)
    return LeakyStepper(model, optimizer)


STEPPERS = {"clearing": ClearingStepper, "leaky": LeakyStepper}


def build_from_registry(name, model, optimizer):
    return STEPPERS[name](model, optimizer)


def build_for_device(cfg, model, optimizer):
    if cfg.compile:
        return CompiledLeakyStepper(model, optimizer)
    return LeakyStepper(model, optimizer)
