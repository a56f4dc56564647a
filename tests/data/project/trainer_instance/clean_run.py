# expect: clean
"""The twin: an instance of training/clean_runner.py's `ClearingRunner`, made by that module's factory, whose
method clears before each forward: nothing to report."""

import torch

from training import clean_runner


def main(model, loader, epochs):
    optimizer = torch.optim.AdamW(model.parameters(), lr=3e-4)
    runner = clean_runner.make_runner(model, optimizer)
    for epoch in range(epochs):
        for batch in loader:
            runner.train_batch(batch)
