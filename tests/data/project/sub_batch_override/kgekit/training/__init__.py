# expect: clean
from .lcwa import LCWATrainingLoop
from .slcwa import SLCWATrainingLoop
from .training_loop import TrainingLoop

__all__ = ["LCWATrainingLoop", "SLCWATrainingLoop", "TrainingLoop"]
