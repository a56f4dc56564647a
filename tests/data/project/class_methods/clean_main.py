# expect: clean
"""The twin: `Steps.fresh(...)` clears first."""

import torch

from steps import Steps


def main(model, loader, epochs):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    for epoch in range(epochs):
        for batch in loader:
            Steps.fresh(model, optimizer, batch)
