"""A step helper returns the loss and a dict of its terms; the loop sums each term into `totals`.

The terms are computed from the model's output on the way to the backwarded loss: each `v` taken from
the returned dict keeps its graph in `totals` across batches (RULES.md ZG602, at the accumulating statement).
"""
# expect: ZG602 34:17
from collections import defaultdict

import torch.nn.functional as F


def step(model, batch, optimizer):
    images, labels = batch
    optimizer.zero_grad()
    logits, reconstruction = model(images)
    ce = F.cross_entropy(logits, labels)
    recon = F.mse_loss(reconstruction, images)
    loss = ce + 0.1 * recon
    parts = {"ce": ce, "recon": recon}
    loss.backward()
    optimizer.step()
    return loss, parts


def train(model, loader, optimizer, epochs):
    for epoch in range(epochs):
        totals = defaultdict(float)
        seen = 0
        for batch in loader:
            _, parts = step(model, batch, optimizer)
            size = batch[0].size(0)
            seen += size
            for key, value in parts.items():
                totals[key] += value * size
        print(epoch, {key: total / seen for key, total in totals.items()})
