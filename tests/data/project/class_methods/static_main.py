# expect: clean
"""`Steps.accumulate(...)`, a static method of steps.py: every argument is its parameter; it never clears
(reported there)."""

import torch

from steps import Steps


def main(model, loader, epochs):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    for epoch in range(epochs):
        for batch in loader:
            Steps.accumulate(model, optimizer, batch)
