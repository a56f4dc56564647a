# expect: clean
"""A checkout of PyTorch: its own package, beside the scripts that test it (the vocabulary describes it)."""

from torch import nn, optim
