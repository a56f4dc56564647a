"""zerograd-lint: find the gradient-lifecycle bugs that never raise an error."""

from zerograd_lint.diagnostics import Diagnostic
from zerograd_lint.engine import analyze_source, lint_source

__version__ = "0.1.0"
__all__ = ["Diagnostic", "analyze_source", "lint_source", "__version__"]
