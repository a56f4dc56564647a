# expect: clean
"""Readers of the mask files, star-imported by the iterator's module."""

import numpy as np


def quick_read_masks(paths):
    return np.stack([np.load(path) > 0 for path in paths])


def run_forward(model, batch):
    return model(batch)
