# expect: clean
"""Helpers a training script takes with a star import (no `__all__`)."""


def accuracy(predicted, targets):
    return (predicted.argmax(-1) == targets).float().mean().item()
