# expect: clean
"""The incremental learner: each task trains the network with SGD (cleared each batch), then fits a bias
correction on held-out data with calibration/bias.py's `fit_bias`, whose own closure is the bug (reported there)."""

import torch
from torch.nn import functional as F

from calibration.bias import fit_bias


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
        corrections.append(fit_bias(network, val_loader))
    return corrections
