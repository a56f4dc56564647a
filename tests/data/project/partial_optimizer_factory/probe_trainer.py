# expect: clean
"""Rebuilds a linear probe's optimizer at the top of each epoch from the config's partial of plain SGD: with no
momentum among the partial's keywords nor the call's, it keeps no state, and a fresh one each epoch loses nothing."""

import torch

from configs.optim import make_probe_optimizer


class ProbeTrainer:
    def __init__(self, probe):
        self.probe = probe

    def fit(self, loader, epochs):
        for epoch in range(epochs):
            optimizer = make_probe_optimizer(self.probe.parameters())
            for x, y in loader:
                optimizer.zero_grad(set_to_none=True)
                torch.nn.functional.cross_entropy(self.probe(x), y).backward()
                optimizer.step()
