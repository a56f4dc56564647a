"""The one data type every door (CLI, flake8, runtime, fixes) speaks: a diagnostic."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping


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
