"""The twin of `zg204_scheduler_factory_returns_an_exception.py`: the same factory (its last branch returning an
exception, NVlabs/MUNIT's typo for `raise`), the scheduler stepped after the iteration's `optimizer.step()`: clean.
"""
# expect: clean
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
        optimizer.zero_grad()
        torch.nn.functional.mse_loss(model(x), y).backward()
        optimizer.step()
        if scheduler is not None:
            scheduler.step()
