"""The one data type every door (CLI, flake8, runtime, fixes) speaks: a diagnostic."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, Iterable, Mapping


@dataclass(frozen=True)
class Diagnostic:
    """A report at a 1-based line and column, as RULES.md defines it.

    ``data`` carries what the analysis knew at the report (optimizer and scaler
    names, the line of the loop, of the earlier event...): fixes and `explain`
    read it, formats ignore it.
    """

    path: str
    line: int
    column: int
    end_line: int
    end_column: int
    code: str
    message: str
    data: Mapping[str, Any] = field(default_factory=dict, compare=False, hash=False)
    cell: int | None = None  # 1-based notebook cell; line/column are then within the cell

    @property
    def sort_key(self) -> tuple[str, int, int, int, str]:
        return (self.path, self.cell or 0, self.line, self.column, self.code)


def placed_in(path: str, diagnostics: Iterable[Diagnostic]) -> list[Diagnostic]:
    """The reports as a door that speaks of one file at a time (flake8, an editor) shows them: a report on a line
    of another module of the project goes on the call of this file that leads there, its message saying where
    the line is; one with no such call is left out."""
    placed = []
    for d in diagnostics:
        entry = d.data.get("entry") if d.path != path else None
        if d.path == path:
            placed.append(d)
        elif entry is not None:
            line, column, end_line, end_column = entry
            message = f"{d.message} (at {d.path}:{d.line}:{d.column}, reached through this call)"
            placed.append(replace(d, path=path, line=line, column=column, end_line=end_line, end_column=end_column, message=message))
    return sorted(placed, key=lambda d: d.sort_key)
