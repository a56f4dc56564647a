# expect: clean
"""The loop imports its step function inside its own body (only when training runs): `forgetful_step` of steps.py,
which never clears (reported there)."""

import torch


def main(model, loader, epochs):
    from steps import forgetful_step

    optimizer = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
    for epoch in range(epochs):
        for batch in loader:
            forgetful_step(model, optimizer, batch)
