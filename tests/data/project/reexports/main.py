# expect: clean
"""`forgetful_step` imported from the package, which re-exports it from its engine's star import: its missing clear
is reported in lib/engine/steps.py."""

import torch

from lib import forgetful_step


def main(model, loader, epochs):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
    for epoch in range(epochs):
        for batch in loader:
            forgetful_step(model, optimizer, batch)
