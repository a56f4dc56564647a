# expect: clean
"""The trainers package re-exports its base."""

from .amp_base import AmpBase  # noqa: F401
