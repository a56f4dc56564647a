# expect: clean
from .hooks import HookBase, StepSchedule
from .loop import LoopBase, PlainTrainer

__all__ = ["HookBase", "StepSchedule", "LoopBase", "PlainTrainer"]
