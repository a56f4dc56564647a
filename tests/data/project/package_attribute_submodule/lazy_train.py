# expect: clean
"""`import lazy_models`, then `lazy_models.steps.train_batch(...)`: the submodule the package loads on first use (PEP 562)."""

import torch

import lazy_models


def main(model, loader):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    for batch in loader:
        lazy_models.steps.train_batch(model, optimizer, batch)
