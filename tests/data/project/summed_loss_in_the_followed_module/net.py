# expect: clean
"""The network: image features and question features fused into one answer score."""

import torch
from torch import nn


class Net(nn.Module):
    def __init__(self, hidden_size):
        super().__init__()
        self.fuse = nn.Bilinear(hidden_size, hidden_size, 1)

    def forward(self, images, questions):
        return torch.sigmoid(self.fuse(images, questions))
