# expect: clean
from .criterion import SetCriterion

__all__ = ["SetCriterion"]
