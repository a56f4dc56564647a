# expect: clean
"""The factory builds the optimizer itself: the stepper's `self.optimizer` is its own (`stepper.optimizer` here),
never cleared by anyone: the step in training/steppers.py is reported. (The loop's clear of `stepper.optimizer`
would be right: own_optimizer_cleared.py.)"""

from training.builders import build_with_own_optimizer


def main(cfg, model, loader):
    stepper = build_with_own_optimizer(cfg, model)
    for epoch in range(cfg.epochs):
        for batch in loader:
            stepper.train_step(batch)
