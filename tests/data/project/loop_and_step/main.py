# expect: clean
"""A training loop whose backward and step live in engine.py (the report is there, on the step)."""

import torch

from engine import train_step


def main(model, loader, epochs):
    criterion = torch.nn.CrossEntropyLoss()
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
    for _ in range(epochs):
        for batch in loader:
            train_step(model, batch, optimizer, criterion)
