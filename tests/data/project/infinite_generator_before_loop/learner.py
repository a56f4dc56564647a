# expect: clean
"""The self-supervised model: its forward returns the loss."""

from torch import nn


class Learner(nn.Module):
    def __init__(self, net):
        super().__init__()
        self.net = net

    def forward(self, views):
        first, second = views
        return (self.net(first) - self.net(second)).pow(2).mean()
