# expect: clean
"""Factories whose return is not one known construction: a registry lookup; a test choosing between two classes
on a name (the loop cannot know which). Unknown: silent."""

import torch

from training.builders import build_by_name, build_from_registry


def main(cfg, model, loader):
    opt = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
    first = build_from_registry(cfg.stepper, model, opt)
    second = build_by_name(cfg.stepper, model, opt)
    for epoch in range(cfg.epochs):
        for batch in loader:
            first.train_step(batch)
            second.train_step(batch)
