# expect: clean
"""The vendored copy's package re-exports its schedule factories."""

from .optimization import get_cosine_schedule_with_warmup, get_linear_schedule_with_warmup  # noqa: F401
