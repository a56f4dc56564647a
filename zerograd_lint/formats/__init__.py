"""Output formats: each turns diagnostics into text; none analyses or does I/O.

A run imports only the format it prints (`FORMATTERS` loads each on first use).
"""

from __future__ import annotations

import importlib
from typing import Callable, Iterator, Mapping, Sequence

from zerograd_lint.base.diagnostics import Diagnostic

Formatter = Callable[[Sequence[Diagnostic]], str]

# Format name -> the module of this package whose `render` writes it.
FORMAT_MODULES = {"text": "text", "json": "json_format", "github": "github", "sarif": "sarif", "junit": "junit"}


class Formatters(Mapping[str, Formatter]):
    def __getitem__(self, name: str) -> Formatter:
        return importlib.import_module(f"{__name__}.{FORMAT_MODULES[name]}").render

    def __iter__(self) -> Iterator[str]:
        return iter(FORMAT_MODULES)

    def __len__(self) -> int:
        return len(FORMAT_MODULES)


FORMATTERS: Mapping[str, Formatter] = Formatters()
# Formats a person reads; the others are for machines and get nothing but the report.
HUMAN_FORMATS = frozenset({"text"})
