# expect: clean
"""Builds the leaky trainer and runs the base's loop."""

import torch

from trainers.classes import LeakyTrainer


def main(model, loader, epochs):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    LeakyTrainer(model, optimizer, epochs).fit(loader)
