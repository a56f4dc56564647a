# expect: clean
"""The loop: one generator update per batch, through the subclass of gans/pix2pix.py or the leaky twin."""

import torch

from gans.leaky import LeakyTrainer
from gans.pix2pix import Pix2PixTrainer


def main(loader, leaky=False):
    net_G = torch.nn.Linear(8, 8)
    opt_G = torch.optim.Adam(net_G.parameters(), lr=2e-4)
    trainer = LeakyTrainer(net_G, opt_G) if leaky else Pix2PixTrainer(net_G, opt_G)
    for data in loader:
        trainer.gen_update(data)
