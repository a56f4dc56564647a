# expect: clean
"""Two parser classes: `get_device` reads the device off the parameters (no forward pass), `embed` runs a layer."""

from torch import nn


class GraphParser(nn.Module):
    def __init__(self):
        super().__init__()
        self.linear = nn.Linear(4, 1)

    def get_device(self):
        return next(self.parameters()).device

    def embed(self, x):
        return self.linear(x)

    def loss(self, x):
        return self.linear(x).pow(2).mean()


class TransitionParser(nn.Module):
    def __init__(self):
        super().__init__()
        self.linear = nn.Linear(4, 1)

    def get_device(self):
        return next(self.parameters()).device

    def embed(self, x):
        return self.linear(x)

    def loss(self, x):
        return self.linear(x).abs().mean()
