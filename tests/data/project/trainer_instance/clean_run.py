# expect: clean
"""The twin: an instance of training/clean_runner.py's `ClearingRunner`, whose method clears before each forward:
nothing to report. Its `self.optimizer` is `opt`, the argument its construction was handed."""

import torch

from training import clean_runner


def main(model, loader, epochs):
    opt = torch.optim.AdamW(model.parameters(), lr=3e-4)
    runner = clean_runner.ClearingRunner(model, opt, max_norm=0.5)
    for epoch in range(epochs):
        for batch in loader:
            runner.train_batch(batch)
