# expect: clean
"""The package re-exports its trainer (sxyu/pixel-nerf train/trainlib/__init__.py)."""

from .trainer import Trainer
