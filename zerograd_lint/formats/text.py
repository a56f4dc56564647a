"""flake8's shape: `path:line:col: CODE message`; notebooks as `path:cell N:line:col`."""

from __future__ import annotations

from typing import Sequence

from zerograd_lint.base.diagnostics import Diagnostic


def location(d: Diagnostic) -> str:
    cell = f"cell {d.cell}:" if d.cell is not None else ""
    return f"{d.path}:{cell}{d.line}:{d.column}"


def render(diagnostics: Sequence[Diagnostic]) -> str:
    return "".join(f"{location(d)}: {d.code} {d.message}\n" for d in diagnostics)
