# expect: clean
"""train.py with the project's own schedule (no PyTorch scheduler, re-exported under another name): stepping it
first skips nothing."""

import torch

from optim import Cosine


def train(model, loader, epochs):
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3)
    scheduler = Cosine(optimizer, total_steps=epochs, base_lr=1e-3)
    model.train()
    for epoch in range(epochs):
        scheduler.step()
        for batch in loader:
            optimizer.zero_grad()
            loss = model(batch).mean()
            loss.backward()
            optimizer.step()
