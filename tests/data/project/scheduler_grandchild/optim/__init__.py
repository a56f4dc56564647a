# expect: clean
"""The package's names: the schedules' own package star-imported (its `__all__` says what it exports)."""

from .schedulers import *
