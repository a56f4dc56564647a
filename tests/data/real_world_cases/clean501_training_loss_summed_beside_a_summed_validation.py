"""The twin of zg501_summed_validation_loss_beside_the_training_loss.py whose training loss is summed on purpose too
(`reduction="sum"` outside any `no_grad`, as the rule's own example): RULES.md's ZG501 does not report a loss visibly
built with `reduction="sum"`, whatever the validation sums beside it.
"""
# expect: clean
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
