# expect: clean
"""The twin: the loop clears before each step it calls."""

import torch

from ...engine import core


def main(model, loader, epochs):
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3)
    for epoch in range(epochs):
        for batch in loader:
            optimizer.zero_grad(set_to_none=True)
            core.train_step(model, optimizer, batch, max_norm=1.0)
