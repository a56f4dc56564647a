# expect: clean
"""The entry points: each builds its model, loader and optimizer from its settings and runs an epoch loop of
loops.py (no backward or step of their own)."""

import torch

from recipes.loops import fit, fit_cleared

OPTIMIZERS = {"sgd": torch.optim.SGD, "adamw": torch.optim.AdamW}


def setup(lr, optimizer_name):
    model = torch.nn.Linear(4, 1)
    loader = [torch.randn(8, 4) for _ in range(4)]
    return model, loader, OPTIMIZERS[optimizer_name](model.parameters(), lr=lr)


def main(epochs=10, lr=1e-3, optimizer_name="sgd"):
    model, loader, optimizer = setup(lr, optimizer_name)
    fit(model, loader, optimizer, epochs)


def main_cleared(epochs=10, lr=1e-3, optimizer_name="sgd"):
    model, loader, optimizer = setup(lr, optimizer_name)
    fit_cleared(model, loader, optimizer, epochs)
