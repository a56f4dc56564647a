# expect: clean
from .cosine import WarmupCosine
from .plain import CosineSchedule as Cosine

__all__ = ["WarmupCosine", "Cosine"]
