# expect: ZG501 21:9
"""The twin of clean501_loss_dict_built_divided_then_summed.py: the box loss goes into the new dict undivided, so the
sum the loop adds up holds a loss of every accumulated batch at full scale."""

import torch.nn.functional as F


def step_losses(outputs, targets, accum_steps):
    losses = {}
    losses["cls"] = F.cross_entropy(outputs["logits"], targets["labels"]) / accum_steps
    losses["box"] = F.l1_loss(outputs["boxes"], targets["boxes"])
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
