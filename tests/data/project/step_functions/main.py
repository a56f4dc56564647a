# expect: clean
"""The runner's loop calls the step function its caller hands it by name (`step_fn=forgetful_step`): that function
of steps.py runs in the loop, and never clears (reported there)."""

import torch

from steps import clearing_step, forgetful_step


def run(model, optimizer, loader, epochs, step_fn):
    for epoch in range(epochs):
        for batch in loader:
            step_fn(model, optimizer, batch)


def main(model, loader, epochs):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
    run(model, optimizer, loader, epochs, step_fn=forgetful_step)


def clean_main(model, loader, epochs):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
    run(model, optimizer, loader, epochs, step_fn=clearing_step)
