# expect: clean
"""The twin: the re-exported step that clears."""

import torch

from lib import clearing_step


def main(model, loader, epochs):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
    for epoch in range(epochs):
        for batch in loader:
            clearing_step(model, optimizer, batch)
