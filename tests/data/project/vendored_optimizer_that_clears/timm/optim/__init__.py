# expect: clean
"""The vendored copy's optimizers, re-exported."""

from .lamb import Lamb  # noqa: F401
