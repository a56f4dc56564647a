"""Output formats: each turns diagnostics into text; none analyses or does I/O."""

from __future__ import annotations

from typing import Callable, Sequence

from zerograd_lint.diagnostics import Diagnostic
from zerograd_lint.formats import github, json_format, junit, sarif, text

Formatter = Callable[[Sequence[Diagnostic]], str]

FORMATTERS: dict[str, Formatter] = {
    "text": text.render,
    "json": json_format.render,
    "github": github.render,
    "sarif": sarif.render,
    "junit": junit.render,
}
# Formats a person reads; the others are for machines and get nothing but the report.
HUMAN_FORMATS = frozenset({"text"})
