# expect: clean
"""The twin of own_optimizer.py: the loop clears the optimizer the factory built, as the stepper's attribute."""

from training.builders import build_with_own_optimizer


def main(cfg, model, loader):
    stepper = build_with_own_optimizer(cfg, model)
    for epoch in range(cfg.epochs):
        for batch in loader:
            stepper.optimizer.zero_grad()
            stepper.train_step(batch)
