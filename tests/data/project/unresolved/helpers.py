# expect: clean
"""No `__all__`: a star import of this module takes the names it binds, `train_step` among them, from a module
that is not in the project: unknown."""

from engine_elsewhere import train_step  # noqa: F401  (not in the project)


def log(value):
    print(value)
