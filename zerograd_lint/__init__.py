"""zerograd-lint: find the gradient-lifecycle bugs that never raise an error."""

from __future__ import annotations

from typing import Any

from zerograd_lint.base import __version__

__all__ = ["Diagnostic", "analyze_source", "lint_source", "__version__"]


def __getattr__(name: str) -> Any:
    """The public API, imported on first use: `import zerograd_lint` alone costs nothing."""
    if name == "Diagnostic":
        from zerograd_lint.base.diagnostics import Diagnostic

        return Diagnostic
    if name in ("analyze_source", "lint_source"):
        from zerograd_lint.core import engine

        return getattr(engine, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
