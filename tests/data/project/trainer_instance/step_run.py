# expect: clean
"""`runner.step(batch)` on an instance of training/runner.py's `SteppingRunner`: no optimizer's step (the runner
is none), but the method doing the batch's work, followed into that module: its missing clear is reported there."""

import torch

from training.runner import SteppingRunner


def main(model, loader, epochs):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.01, momentum=0.9)
    runner = SteppingRunner(model, optimizer)
    for epoch in range(epochs):
        for batch in loader:
            runner.step(batch)
