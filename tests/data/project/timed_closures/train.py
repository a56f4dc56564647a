# expect: ZG101 20:17
"""The step is a closure of the loop's body, run through utils/timing.py's `timed(train_step)`: it never clears
`optimizer`, so each step applies the sum of every earlier batch's gradients (a loop-carried bug: only the loop
that runs the closure shows it)."""

import torch

from utils.timing import timed


def main(model, loader, epochs):
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3)
    scheduler = torch.optim.lr_scheduler.CosineAnnealingLR(optimizer, T_max=epochs)
    for epoch in range(epochs):
        for inputs, targets in loader:

            def train_step():
                loss = model(inputs, targets)
                loss.backward()
                optimizer.step()
                return float(loss)

            loss, elapsed = timed(train_step)
        scheduler.step()
