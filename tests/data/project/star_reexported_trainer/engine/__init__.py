# expect: clean
"""The package re-exports its trainer by a star import of a module that says `__all__`."""

from .accumulating import *  # noqa: F401,F403
