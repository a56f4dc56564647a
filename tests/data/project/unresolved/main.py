# expect: clean
"""Calls the analysis cannot follow are unknown, and unknown never reports."""

import importlib

import torch

from helpers import *
from not_a_module import fused_step


def main(model, loader, name):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    dynamic = importlib.import_module(name)
    for batch in loader:
        fused_step(model, batch, optimizer)
        dynamic.train_step(model, batch, optimizer)
        train_step(model, batch, optimizer)  # from a star import that does not say it
