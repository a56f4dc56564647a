"""Jupyter notebooks: the code cells, in order, checked as one program.

A training loop often spans cells (the model in one, the loop in the next),
so the cells are joined into one source whose every line remembers its cell.
IPython syntax (line magics, shell escapes, help queries, non-Python cell
magics) becomes `pass` or blank lines, so line numbers stay put and the
program still parses. A cell that does not parse is reported (ZG000, at its
line in the cell) and left out, as Jupyter runs the other cells without it;
reports name lines within cells, in their position and in their words.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, replace
from typing import Any, Callable, Iterable

from zerograd_lint.analysis.module_source import ProjectSource
from zerograd_lint.base.diagnostics import Diagnostic, LineEdit, Suggestion
from zerograd_lint.core.engine import lint_source, parse_error, python_parse
from zerograd_lint.core.gate import gate_of
from zerograd_lint.core.noqa import apply_noqa
from zerograd_lint.core.selection import DEFAULT_SELECTION, Selection

# Cell magics whose body is still Python; any other `%%magic` cell (bash, html, writefile...) is skipped.
PYTHON_CELL_MAGICS = frozenset({"time", "timeit", "capture", "prun", "debug"})
# `%magic`, `!shell`, `?help`, `name?`, `x = !cmd`, `x = %magic`
IPYTHON_LINE = re.compile(r"^\s*(?:[%!?]|[\w.]+\?{1,2}\s*$|[\w.]+\s*=\s*[%!])")
# "line 12" in a message, outside `quoted code`: a line of the joined program, said as a line of its cell.
LINE_REFERENCE = re.compile(r"\bline (\d+)\b")


class NotebookError(ValueError):
    """The file is not a notebook that can be read."""


@dataclass(frozen=True)
class NotebookProgram:
    source: str
    # For each line of `source` (index 0 is line 1): its cell and its line in that cell, both 1-based.
    origins: tuple[tuple[int, int], ...]

    def cell_line(self, line: int) -> tuple[int, int]:
        """The cell and the line in it of a line of `source` (clamped to the program)."""
        return self.origins[min(max(line, 1), len(self.origins)) - 1]

    def program_line(self, cell: int, line: int) -> int | None:
        """The line of `source` of a cell's line; None when the program has no such line."""
        return next((index for index, origin in enumerate(self.origins, start=1) if origin == (cell, line)), None)


def read_notebook(text: str) -> NotebookProgram:
    if not text.strip():
        return NotebookProgram("", ())  # an empty file is an empty notebook, as Jupyter opens it
    try:
        document = json.loads(text)
    except json.JSONDecodeError as error:
        raise NotebookError(f"cannot read notebook: invalid JSON: {error}") from None
    cells = document.get("cells") if isinstance(document, dict) else None
    if not isinstance(cells, list):
        raise NotebookError("cannot read notebook: no list of cells (nbformat 4 expected)")
    if not is_python(document):
        return NotebookProgram("", ())
    return join_cells(
        (number, cell_source(cell, number))
        for number, cell in enumerate(cells, start=1)
        if isinstance(cell, dict) and cell.get("cell_type") == "code"
    )


def join_cells(code_cells: Iterable[tuple[int, str]]) -> NotebookProgram:
    """The program of the code cells, given as (1-based cell number, source) in order."""
    lines: list[str] = []
    origins: list[tuple[int, int]] = []
    for number, source in code_cells:
        for line_number, line in enumerate(python_lines(source), start=1):
            lines.append(line)
            origins.append((number, line_number))
    return NotebookProgram("".join(line + "\n" for line in lines), tuple(origins))


def is_python(document: Any) -> bool:
    metadata = document.get("metadata", {}) if isinstance(document, dict) else {}
    language = (metadata.get("language_info") or {}).get("name") or (metadata.get("kernelspec") or {}).get("language")
    return language is None or str(language).lower() == "python"


def cell_source(cell: dict[str, Any], number: int) -> str:
    source = cell.get("source", "")
    if isinstance(source, list) and all(isinstance(part, str) for part in source):
        return "".join(source)
    if isinstance(source, str):
        return source
    raise NotebookError(f"cannot read notebook: cell {number} has no text source")


def python_lines(source: str) -> list[str]:
    """The cell's lines with IPython syntax neutralised; as many lines as the cell has."""
    lines = source.splitlines()
    first = next((index for index, line in enumerate(lines) if line.strip()), None)
    if first is not None and lines[first].lstrip().startswith("%%"):
        magic = lines[first].lstrip()[2:].split(maxsplit=1) or [""]
        if magic[0] not in PYTHON_CELL_MAGICS:
            return [""] * len(lines)
        lines[first] = ""
    out = []
    continued = False  # a magic ending in a backslash goes on to the next line
    for line in lines:
        if continued or IPYTHON_LINE.match(line):
            indent = line[: len(line) - len(line.lstrip())]
            out.append("" if continued else f"{indent}pass")
            continued = line.rstrip().endswith("\\")
        else:
            out.append(line)
    return out


def lint_notebook(
    text: str,
    path: str,
    selection: Selection = DEFAULT_SELECTION,
    described: Callable[[str, list[Diagnostic]], list[Diagnostic]] | None = None,
    project: ProjectSource | None = None,
) -> list[Diagnostic]:
    """What a user sees for one notebook; positions are within cells. `described`: gives the reports on the
    joined program their suggestions (JSON's `fix`), placed in cells with them. `project`: the modules its cells
    import (`project_index.project_of`); a report on a line of one of them stays there, as a Python file's does."""
    try:
        program = read_notebook(text)
    except NotebookError as error:
        return [parse_error(path, 1, 1, str(error))] if "ZG000" in selection.codes() else []
    runnable, broken = without_broken_cells(program, path)
    reports = lint_source(runnable.source, path, selection, project)
    if described is not None:
        reports = described(runnable.source, reports)
    if broken and "ZG000" in selection.codes() and gate_of(selection.codes()).passes_text(program.source):  # as for a .py file (see ZG000)
        reports += apply_noqa(broken, program.source)
    return sorted((in_cell(d, program) if d.path == path else d for d in reports), key=lambda d: d.sort_key)


def without_broken_cells(program: NotebookProgram, path: str) -> tuple[NotebookProgram, list[Diagnostic]]:
    """The program with each cell that does not parse blanked (line numbers kept), and a ZG000 for each.

    Only when the whole program does not parse: then each cell is parsed alone.
    """
    if not isinstance(python_parse(program.source, path), Diagnostic):
        return program, []
    lines = program.source.splitlines(keepends=True)
    broken = []
    for cell, first, last in cell_spans(program):
        error = python_parse("".join(lines[first - 1 : last]), path)
        if isinstance(error, Diagnostic):
            shift = first - 1
            broken.append(replace(error, line=error.line + shift, end_line=error.end_line + shift))
            lines[first - 1 : last] = ["\n"] * (last - first + 1)
    return NotebookProgram("".join(lines), program.origins), broken


def cell_spans(program: NotebookProgram) -> list[tuple[int, int, int]]:
    """(cell, first line, last line) of each code cell in the joined program."""
    spans: list[tuple[int, int, int]] = []
    for line, (cell, _) in enumerate(program.origins, start=1):
        if spans and spans[-1][0] == cell:
            spans[-1] = (cell, spans[-1][1], line)
        else:
            spans.append((cell, line, line))
    return spans


def in_cell(diagnostic: Diagnostic, program: NotebookProgram) -> Diagnostic:
    """A report on the joined program, placed and worded within its cell."""
    if not program.origins:
        return diagnostic
    cell, line = program.cell_line(diagnostic.line)
    end_cell, end_line = program.cell_line(diagnostic.end_line)
    if end_cell != cell:  # a range never crosses into another cell
        end_line, end_column = line, diagnostic.column + 1
    else:
        end_column = diagnostic.end_column
    message = cell_message(diagnostic.message, program, cell)
    suggestion = diagnostic.suggestion and in_cells(diagnostic.suggestion, program, cell)
    return replace(
        diagnostic, line=line, end_line=end_line, end_column=end_column, cell=cell, message=message,
        # Where ruff's SARIF places it: the code cells read as one source.
        cells_region=(diagnostic.line, diagnostic.column, diagnostic.end_line, diagnostic.end_column),
        suggestion=suggestion,
    )


def in_cells(suggestion: Suggestion, program: NotebookProgram, cell: int) -> Suggestion | None:
    """A suggestion on the joined program, its edits placed in cells (as `fix_notebook` places them); None for
    an edit across cells (--fix applies it, but it is no edit of one cell)."""
    edits = []
    for edit in suggestion.edits:
        if edit.end_line > edit.line:
            first_cell, line = program.cell_line(edit.line)
            end_cell, last_line = program.cell_line(edit.end_line - 1)
            if end_cell != first_cell:
                return None
            end_line = last_line + 1
        else:  # an insertion joins the cell of the line above
            first_cell, above = program.cell_line(edit.line - 1) if edit.line > 1 else (program.origins[0][0], 0)
            line = end_line = above + 1
        edits.append(LineEdit(line, end_line, edit.content, first_cell))
    return replace(suggestion, message=cell_message(suggestion.message, program, cell), edits=tuple(edits))


def cell_message(message: str, program: NotebookProgram, cell: int) -> str:
    """"line N" of the joined program as the line of its cell ("line 3", or "line 3 of cell 2")."""

    def cell_line(match: re.Match[str]) -> str:
        line = int(match.group(1))
        if not 1 <= line <= len(program.origins):
            return match.group(0)
        their_cell, their_line = program.cell_line(line)
        return f"line {their_line}" if their_cell == cell else f"line {their_line} of cell {their_cell}"

    parts = message.split("`")
    parts[::2] = [LINE_REFERENCE.sub(cell_line, text) for text in parts[::2]]  # even parts are outside quotes
    return "`".join(parts)
