"""Jupyter notebooks: the code cells, in order, checked as one program.

A training loop often spans cells (the model in one, the loop in the next),
so the cells are joined into one source whose every line remembers its cell.
IPython syntax (line magics, shell escapes, help queries, non-Python cell
magics) becomes `pass` or blank lines, so line numbers stay put and the
program still parses.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, replace
from typing import Any, Iterable

from zerograd_lint.diagnostics import Diagnostic
from zerograd_lint.engine import lint_source, parse_error
from zerograd_lint.selection import DEFAULT_SELECTION, Selection

# Cell magics whose body is still Python; any other `%%magic` cell (bash, html, writefile...) is skipped.
PYTHON_CELL_MAGICS = frozenset({"time", "timeit", "capture", "prun", "debug"})
# `%magic`, `!shell`, `?help`, `name?`, `x = !cmd`, `x = %magic`
IPYTHON_LINE = re.compile(r"^\s*(?:[%!?]|[\w.]+\?{1,2}\s*$|[\w.]+\s*=\s*[%!])")


class NotebookError(ValueError):
    """The file is not a notebook that can be read."""


@dataclass(frozen=True)
class NotebookProgram:
    source: str
    # For each line of `source` (index 0 is line 1): its cell and its line in that cell, both 1-based.
    origins: tuple[tuple[int, int], ...]


def read_notebook(text: str) -> NotebookProgram:
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


def lint_notebook(text: str, path: str, selection: Selection = DEFAULT_SELECTION) -> list[Diagnostic]:
    """What a user sees for one notebook; positions are within cells."""
    try:
        program = read_notebook(text)
    except NotebookError as error:
        return [parse_error(path, 1, 1, str(error))]
    return [in_cell(d, program) for d in lint_source(program.source, path, selection)]


def in_cell(diagnostic: Diagnostic, program: NotebookProgram) -> Diagnostic:
    if not program.origins:
        return diagnostic
    last = len(program.origins)
    cell, line = program.origins[min(max(diagnostic.line, 1), last) - 1]
    end_cell, end_line = program.origins[min(max(diagnostic.end_line, 1), last) - 1]
    if end_cell != cell:  # a range never crosses into another cell
        end_line, end_column = line, diagnostic.column + 1
    else:
        end_column = diagnostic.end_column
    return replace(diagnostic, line=line, end_line=end_line, end_column=end_column, cell=cell)
