"""The twin of zg501_summed_validation_loss_beside_the_training_loss.py whose summed loss is a criterion built by a
setup under `@torch.no_grad()` (which initialises the weights in place): the criterion is a callable, and the
training loop calls it with gradients on. A loss built with `reduction="sum"` on purpose: no ZG501 (RULES.md).
"""
# expect: clean
import torch
import torch.nn as nn


@torch.no_grad()
def build(width):
    model = nn.Linear(width, 2)
    model.weight.normal_(0.0, 0.02)
    model.bias.zero_()
    return model, nn.CrossEntropyLoss(reduction="sum")


def train(loader, accum, width):
    model, criterion = build(width)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    for step, (x, y) in enumerate(loader):
        loss = criterion(model(x), y)
        loss.backward()
        if (step + 1) % accum == 0:
            optimizer.step()
            optimizer.zero_grad()
