# expect: clean
from .clipped import ClippedTrainer, UnscaledClippedTrainer
from .trainer import Trainer

__all__ = ["ClippedTrainer", "Trainer", "UnscaledClippedTrainer"]
