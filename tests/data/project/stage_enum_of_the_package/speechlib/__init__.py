# expect: clean
from speechlib.core import Brain, Stage

__all__ = ["Brain", "Stage"]
