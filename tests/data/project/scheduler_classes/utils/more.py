# expect: clean
"""A re-export, as packages do."""

from .schedulers import LinearWarmup as Warmup

__all__ = ["Warmup"]
