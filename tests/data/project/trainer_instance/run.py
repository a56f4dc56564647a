# expect: clean
"""The loop calls a method of an instance of training/runner.py's `BatchRunner`: the method (and the helper it
calls on `self`) is read from that module, so its missing clear is found, reported there on the step."""

import torch

from training.runner import BatchRunner


def main(model, loader, epochs):
    optimizer = torch.optim.AdamW(model.parameters(), lr=3e-4)
    runner = BatchRunner(model, optimizer)
    for epoch in range(epochs):
        for batch in loader:
            runner.train_batch(batch)
