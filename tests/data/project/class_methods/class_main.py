# expect: clean
"""`Steps.accumulate_scaled(...)`, a class method: the call does not pass its `cls`; it never clears (reported
in steps.py)."""

import torch

import steps


def main(model, loader, epochs):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    for epoch in range(epochs):
        for batch in loader:
            steps.Steps.accumulate_scaled(model, optimizer, batch, 0.5)
