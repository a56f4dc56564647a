# expect: clean
"""A detector's step (the loss dict of torchvision-style models, built by the training code itself): each head's
loss is put into a new dict divided by the number of accumulated batches, and a loop adds up the dict's values for
the backward. Every entry the dict holds is divided, so their sum is: no ZG501."""

import torch.nn.functional as F


def step_losses(outputs, targets, accum_steps):
    losses = {}
    losses["cls"] = F.cross_entropy(outputs["logits"], targets["labels"]) / accum_steps
    losses["box"] = F.l1_loss(outputs["boxes"], targets["boxes"]) / accum_steps
    total = 0
    for name, value in losses.items():
        total += value
    return total


def train(model, loader, optimizer, accum_steps):
    for step, (images, targets) in enumerate(loader):
        loss = step_losses(model(images), targets, accum_steps)
        loss.backward()
        if (step + 1) % accum_steps == 0:
            optimizer.step()
            optimizer.zero_grad()
