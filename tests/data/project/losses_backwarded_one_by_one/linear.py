# expect: clean
"""The linear probes of bytedance/ibot's analysis/linear_part/eval.py: one classifier per setting of the sweep."""

from torch import nn


class LinearClassifier(nn.Module):
    def __init__(self, dim, num_labels=10):
        super().__init__()
        self.linear = nn.Linear(dim, num_labels)

    def forward(self, x):
        return self.linear(x.flatten(1))
