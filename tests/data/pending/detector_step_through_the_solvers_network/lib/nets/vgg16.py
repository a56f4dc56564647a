# expect: clean
"""A backbone of the detector: a subclass of `Network` that builds its layers and inherits `train_step`."""

from torch import nn

from nets.network import Network


class vgg16(Network):
    def __init__(self):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(8, 16), nn.ReLU())
        self.head = nn.Linear(16, 3)
