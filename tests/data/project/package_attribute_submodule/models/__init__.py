# expect: clean
"""The package imports its submodules: `models.steps` and `models.cleared` are bound once `import models` runs."""

from . import cleared, steps  # noqa: F401
