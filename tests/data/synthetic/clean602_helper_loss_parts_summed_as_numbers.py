"""The clean twin: the helper's dict of loss terms is summed per key through `.item()`.

Each term is read as a number before it is added (RULES.md ZG602): nothing keeps a graph.
"""
# expect: clean
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
                totals[key] += value.item() * size
        print(epoch, {key: total / seen for key, total in totals.items()})
