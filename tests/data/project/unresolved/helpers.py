# expect: clean
"""No `__all__`: a star import of this module takes its own defs, not what it imports."""

from engine_elsewhere import train_step  # noqa: F401  (not in the project)


def log(value):
    print(value)
