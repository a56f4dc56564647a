# expect: ZG204 15:9
"""The grandchild of PyTorch's scheduler (optim/schedulers/cosine.py, through two packages' re-exports), stepped at
the top of each epoch, before the optimizer's first step: the schedule's first value is skipped."""

import torch

import optim


def train(model, loader, epochs):
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3)
    scheduler = optim.WarmupCosine(optimizer, warmup_steps=100, total_steps=epochs * len(loader))
    model.train()
    for epoch in range(epochs):
        scheduler.step()
        for batch in loader:
            optimizer.zero_grad()
            loss = model(batch).mean()
            loss.backward()
            optimizer.step()
