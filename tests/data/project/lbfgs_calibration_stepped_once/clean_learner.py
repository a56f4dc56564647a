# expect: clean
"""The twin: the same learner fitting its correction with the closure that clears first."""

import torch
from torch.nn import functional as F

from calibration.bias import fit_bias_clearing


def learn_tasks(network, tasks, epochs):
    corrections = []
    for train_loader, val_loader in tasks:
        optimizer = torch.optim.SGD(network.parameters(), lr=0.1, momentum=0.9)
        for epoch in range(epochs):
            for inputs, targets in train_loader:
                optimizer.zero_grad()
                loss = F.cross_entropy(network(inputs), targets)
                loss.backward()
                optimizer.step()
        corrections.append(fit_bias_clearing(network, val_loader))
    return corrections
