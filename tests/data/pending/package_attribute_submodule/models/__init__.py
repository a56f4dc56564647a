# expect: clean
"""The package re-exports its submodule: `models.steps` is bound once `import models` runs."""

from . import steps  # noqa: F401
