# expect: clean
"""A twin whose helper divides by the length of what the loop hands it, the micro-batches of a window
(`len(micro_batches)`, losses.py's `windowed_cross_entropy`): that may be the accumulation count, so the loss is taken
as divided (silent), as before; only the length of the forward's own output is a mean's count."""

import torch

from losses import windowed_cross_entropy


def train_epoch(loader, model, optimizer, batch_accumulation):
    model.train()
    optimizer.zero_grad()
    for iter, batch in enumerate(loader):
        micro_batches = batch.chunk(4)
        loss = windowed_cross_entropy(model, micro_batches)
        loss.backward()
        if (iter + 1) % batch_accumulation == 0:
            optimizer.step()
            optimizer.zero_grad()
