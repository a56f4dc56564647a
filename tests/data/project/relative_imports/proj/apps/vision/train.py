# expect: clean
"""`train_step` of proj/engine/core.py, imported two levels up: the loop never clears, reported there."""

import torch

from ...engine.core import train_step


def main(model, loader, epochs):
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3)
    for epoch in range(epochs):
        for batch in loader:
            train_step(model, optimizer, batch, max_norm=1.0)
