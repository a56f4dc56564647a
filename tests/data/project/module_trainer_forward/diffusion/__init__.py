# expect: clean
"""The package's trainers, re-exported."""

from .trainer import DecoderTrainer, ForgetfulTrainer

__all__ = ["DecoderTrainer", "ForgetfulTrainer"]
