# expect: clean
"""The package's public names, re-exported from its engine (whose own `__init__.py` star-imports its steps)."""

from .engine import clearing_step, forgetful_step
