# expect: clean
"""The twin: only the clearing step is handed to the runner."""

import torch

from steps import clearing_step


def run(model, optimizer, loader, epochs, step_fn):
    for epoch in range(epochs):
        for batch in loader:
            step_fn(model, optimizer, batch)


def main(model, loader, epochs):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
    run(model, optimizer, loader, epochs, clearing_step)
