# expect: clean
"""The twin of `zg501_summed_validation_loss_silences_the_training_loss.py`: the training loss is summed over the
micro-batch's examples too (`reduction="sum"`), normalised elsewhere on purpose (RULES.md ZG501: not reported)."""
import torch
import torch.nn.functional as F


@torch.no_grad()
def validate(model, loader):
    total = 0.0
    for x, y in loader:
        total += F.cross_entropy(model(x), y, reduction="sum").item()
    return total


def train(model, optimizer, loader, accum):
    for step, (x, y) in enumerate(loader):
        loss = F.cross_entropy(model(x), y, reduction="sum")
        loss.backward()
        if (step + 1) % accum == 0:
            optimizer.step()
            optimizer.zero_grad()
