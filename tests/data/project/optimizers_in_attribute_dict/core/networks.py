# expect: clean
"""The networks of the model, in a Munch keyed by their role."""

import torch
from munch import Munch


def build_networks(width):
    generator = torch.nn.Sequential(torch.nn.Linear(width, width), torch.nn.Tanh())
    discriminator = torch.nn.Sequential(torch.nn.Linear(width, 1))
    return Munch(generator=generator, discriminator=discriminator)
