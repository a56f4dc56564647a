# expect: ZG101 37:5
"""Bias correction fitted once per task with LBFGS, which evaluates its closure up to `max_iter` times in one
step: `fit_bias`'s closure never clears, so each evaluation's backward adds to the gradients of the one before
(the step runs once, in no loop); `fit_bias_clearing`'s closure clears first."""

import torch
from torch import nn
from torch.nn import functional as F


class BiasLayer(nn.Module):
    def __init__(self):
        super().__init__()
        self.alpha = nn.Parameter(torch.ones(1))
        self.beta = nn.Parameter(torch.zeros(1))

    def forward(self, logits):
        return self.alpha * logits + self.beta


def collect_logits(network, loader):
    with torch.no_grad():
        pairs = [(network(inputs), targets) for inputs, targets in loader]
    return torch.cat([p[0] for p in pairs]), torch.cat([p[1] for p in pairs])


def fit_bias(network, loader):
    logits, labels = collect_logits(network, loader)
    layer = BiasLayer()

    def evaluate():
        loss = F.cross_entropy(layer(logits), labels)
        loss.backward()
        return loss

    optimizer = torch.optim.LBFGS(layer.parameters(), lr=0.01, max_iter=50)
    optimizer.step(evaluate)
    return layer


def fit_bias_clearing(network, loader):
    logits, labels = collect_logits(network, loader)
    layer = BiasLayer()
    optimizer = torch.optim.LBFGS(layer.parameters(), lr=0.01, max_iter=50)

    def evaluate():
        optimizer.zero_grad()
        loss = F.cross_entropy(layer(logits), labels)
        loss.backward()
        return loss

    optimizer.step(evaluate)
    return layer
