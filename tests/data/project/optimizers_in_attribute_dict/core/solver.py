# expect: ZG104 23:13
"""A solver whose optimizers sit in a Munch keyed by network (`self.optims.discriminator` is the element
`self.optims["discriminator"]`); `_reset_grad` clears them all, after each loss's forward and before its
backward."""

import torch
from munch import Munch

from .losses import discriminator_loss, generator_loss
from .networks import build_networks


class Solver:
    def __init__(self, args):
        self.args = args
        self.nets = build_networks(args.width)
        self.optims = Munch()
        for name, net in self.nets.items():
            self.optims[name] = torch.optim.Adam(net.parameters(), lr=args.lr)

    def _reset_grad(self):
        for optim in self.optims.values():
            optim.zero_grad()

    def train(self, loader):
        nets, optims = self.nets, self.optims
        for real, noise in loader:
            d_loss = discriminator_loss(nets, real, noise)
            self._reset_grad()
            d_loss.backward()
            optims.discriminator.step()

            g_loss = generator_loss(nets, noise)
            self._reset_grad()
            g_loss.backward()
            optims.generator.step()
