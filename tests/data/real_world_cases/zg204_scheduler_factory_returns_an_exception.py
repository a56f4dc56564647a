"""A scheduler factory whose last branch returns an exception instead of raising it (NVlabs/MUNIT's `get_scheduler`:
`return NotImplementedError(...)`, a typo for `raise`), stepped at the top of each iteration.

The factory gives a torch `StepLR`, None for a constant rate, or, for an unknown policy, an exception object that no
caller can step (its `step()` raises): wherever it gives a scheduler, that scheduler is stepped before the
iteration's `optimizer.step()`, so its first value is skipped (RULES.md ZG204). The exception's return is read as the
raise it was meant to be. The twin, `clean204_scheduler_factory_returns_an_exception.py`, steps after the optimizer.
"""
# expect: ZG204 29:13
import torch
from torch.optim import lr_scheduler


def get_scheduler(optimizer, hyperparameters):
    if hyperparameters.get("lr_policy", "constant") == "constant":
        scheduler = None
    elif hyperparameters["lr_policy"] == "step":
        scheduler = lr_scheduler.StepLR(optimizer, step_size=hyperparameters["step_size"], gamma=hyperparameters["gamma"])
    else:
        return NotImplementedError("learning rate policy [%s] is not implemented", hyperparameters["lr_policy"])
    return scheduler


def train(model, loader, hyperparameters):
    optimizer = torch.optim.Adam(model.parameters(), lr=hyperparameters["lr"])
    scheduler = get_scheduler(optimizer, hyperparameters)
    for x, y in loader:
        if scheduler is not None:
            scheduler.step()
        optimizer.zero_grad()
        torch.nn.functional.mse_loss(model(x), y).backward()
        optimizer.step()
