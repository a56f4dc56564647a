"""A per-sample loss divided by the accumulation count, reduced in the backward call (eigenvivek/xvr's
trainer, round 7's `divided_loss_reduced_in_backward/` in one file): the mean of a loss divided by n is
divided by n, so `loss.mean().backward()` in `train` is clean; `train_undivided` never divides, and
its reduced loss is summed over the micro-batches into each step (ZG501 at its backward)."""
# expect: ZG501 29:9
import torch


def per_sample_loss(predicted, target):
    return (predicted - target).pow(2).sum(dim=-1)


def train(model, loader, n_accum=4):
    optimizer = torch.optim.Adam(model.parameters(), lr=1e-4)
    for itr, (images, poses) in enumerate(loader):
        loss = per_sample_loss(model(images), poses)
        loss = loss / n_accum
        loss.mean().backward()
        if (itr + 1) % n_accum == 0:
            optimizer.step()
            optimizer.zero_grad()


def train_undivided(model, loader, n_accum=4):
    optimizer = torch.optim.Adam(model.parameters(), lr=1e-4)
    for itr, (images, poses) in enumerate(loader):
        loss = per_sample_loss(model(images), poses)
        total = loss.sum()
        total.float().backward()
        if (itr + 1) % n_accum == 0:
            optimizer.step()
            optimizer.zero_grad()
