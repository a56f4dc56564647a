"""The one data type every door (CLI, flake8, runtime, fixes) speaks: a diagnostic, and its one codec."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, Iterable, Mapping

if TYPE_CHECKING:
    from zerograd_lint.fixes.base import Offer

# A 1-based (line, column, end_line, end_column), end exclusive.
Region = tuple[int, int, int, int]


@dataclass(frozen=True)
class LineEdit:
    """Lines `line` up to `end_line` (exclusive, column 1 both) replaced by `content`; in `cell` for a notebook."""

    line: int
    end_line: int
    content: str
    cell: int | None = None

    def as_json(self) -> dict[str, Any]:
        item = {"line": self.line, "column": 1, "end_line": self.end_line, "end_column": 1, "content": self.content}
        return item if self.cell is None else {"cell": self.cell, **item}


@dataclass(frozen=True)
class Suggestion:
    """JSON's `fix` of a report: the edit its fix offers, as whole lines of the file as it is."""

    applicability: str
    message: str
    edits: tuple[LineEdit, ...]

    def as_json(self) -> dict[str, Any]:
        return {"applicability": self.applicability, "message": self.message, "edits": [e.as_json() for e in self.edits]}

    @classmethod
    def of_json(cls, item: Mapping[str, Any]) -> Suggestion:
        edits = tuple(LineEdit(e["line"], e["end_line"], e["content"], e.get("cell")) for e in item["edits"])
        return cls(item["applicability"], item["message"], edits)


@dataclass(frozen=True)
class Diagnostic:
    """A report at a 1-based line and column, as RULES.md defines it, and what travels with it.

    The fields after `message` are equal to compare reports by, except `fix`, which stays in the
    process that analysed the file (fixing, the editor's code actions read it); the others survive
    the cache and the DDP store as JSON (`as_json`, `of_json`).
    """

    path: str
    line: int
    column: int
    end_line: int
    end_column: int
    code: str
    message: str
    cell: int | None = None  # 1-based notebook cell; line/column are then within the cell
    cells_region: Region | None = None  # a notebook's: the place in the code cells read as one source (SARIF)
    step_line: int | None = None  # the optimizer step the report is about, where the rule knows it
    suggestion: Suggestion | None = None  # JSON's `fix`, when the run asked for it
    ranks: tuple[int, ...] = ()  # `zerograd-lint run` under torchrun: the ranks that saw it
    # On a line of another module of the project than the checked file: the checked file's call that leads there.
    entry: Region | None = None
    fix: Offer | None = field(default=None, compare=False, hash=False, repr=False)

    @property
    def sort_key(self) -> tuple[str, int, int, int, str]:
        return (self.path, self.cell or 0, self.line, self.column, self.code)

    def portable(self) -> Diagnostic:
        """The report without what only the analysing process uses (its fix's edits on the nodes)."""
        return self if self.fix is None else replace(self, fix=None)

    def as_json(self) -> dict[str, Any]:
        """Every field but `fix` as JSON values (`path` too: a reader may set its own with `of_json`)."""
        item: dict[str, Any] = {
            "path": self.path, "line": self.line, "column": self.column, "end_line": self.end_line,
            "end_column": self.end_column, "code": self.code, "message": self.message,
        }
        if self.cell is not None:
            item["cell"] = self.cell
        if self.cells_region is not None:
            item["cells_region"] = list(self.cells_region)
        if self.step_line is not None:
            item["step_line"] = self.step_line
        if self.suggestion is not None:
            item["suggestion"] = self.suggestion.as_json()
        if self.ranks:
            item["ranks"] = list(self.ranks)
        if self.entry is not None:
            item["entry"] = list(self.entry)
        return item

    @classmethod
    def of_json(cls, item: Mapping[str, Any], **overrides: Any) -> Diagnostic:
        """The report `as_json` wrote; raises KeyError, TypeError or ValueError for anything else."""
        fields = {**item, **overrides}
        region, suggestion, entry = fields.get("cells_region"), fields.get("suggestion"), fields.get("entry")
        return cls(
            fields["path"], fields["line"], fields["column"], fields["end_line"], fields["end_column"], fields["code"],
            fields["message"], fields.get("cell"), tuple(region) if region is not None else None,  # type: ignore[arg-type]
            fields.get("step_line"), Suggestion.of_json(suggestion) if suggestion is not None else None,
            tuple(fields.get("ranks", ())), tuple(entry) if entry is not None else None,  # type: ignore[arg-type]
        )


def placed_in(path: str, diagnostics: Iterable[Diagnostic]) -> list[Diagnostic]:
    """The reports as a door that speaks of one file at a time (flake8, an editor) shows them: a report on a line
    of another module of the project goes on the call of this file that leads there, its message saying where
    the line is; one with no such call is left out."""
    placed = []
    for d in diagnostics:
        if d.path == path:
            placed.append(d)
        elif d.entry is not None:
            line, column, end_line, end_column = d.entry
            message = f"{d.message} (at {d.path}:{d.line}:{d.column}, reached through this call)"
            placed.append(replace(d, path=path, line=line, column=column, end_line=end_line, end_column=end_column, message=message, entry=None))
    return sorted(placed, key=lambda d: d.sort_key)
