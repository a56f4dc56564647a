# expect: clean
"""The package re-exports its trainer by a star import of a module without `__all__` (its public names)."""

from .accumulating import *  # noqa: F401,F403
