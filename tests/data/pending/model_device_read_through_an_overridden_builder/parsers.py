# expect: clean
"""stanza's depparse/model.py, reduced: the parsers' base class reads the device off the parameters."""

from torch import nn


class BaseParser(nn.Module):
    def get_device(self):
        return next(self.parameters()).device


class GraphParser(BaseParser):
    def __init__(self):
        super().__init__()
        self.linear = nn.Linear(4, 1)

    def loss(self, x):
        return self.linear(x).pow(2).mean()


class TransitionParser(BaseParser):
    def __init__(self):
        super().__init__()
        self.linear = nn.Linear(4, 1)

    def loss(self, x):
        return self.linear(x).abs().mean()
