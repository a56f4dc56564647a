# expect: clean
"""The twin of train.py: the closure clears after its step, before the next batch's backward."""

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
                optimizer.zero_grad()
                return float(loss)

            loss, elapsed = timed(train_step)
        scheduler.step()
