# expect: clean
"""The networks: a graph-matching encoder and a classifier (DIG's S-Mixup models, written here)."""

from torch import nn


class GraphMatching(nn.Module):
    def __init__(self, features, hidden):
        super().__init__()
        self.encoder = nn.Sequential(nn.Linear(features, hidden), nn.ReLU(), nn.Linear(hidden, hidden))
        self.head = nn.Linear(2 * hidden, 1)

    def dis_encoder(self, first, second):
        return self.encoder(first), self.encoder(second)

    def forward(self, first, second):
        h1, h2 = self.dis_encoder(first, second)
        return self.head(nn.functional.relu(h1.mean(0, keepdim=True) - h2.mean(0, keepdim=True)))


class Classifier(nn.Module):
    def __init__(self, features, classes, hidden):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(features, hidden), nn.ReLU(), nn.Linear(hidden, classes))

    def forward(self, x):
        return self.body(x)
