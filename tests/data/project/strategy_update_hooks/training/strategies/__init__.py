# expect: clean
from .naive import Naive

__all__ = ["Naive"]
