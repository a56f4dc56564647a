"""Fixing a notebook: fix the joined program of its code cells, then give each cell its lines back.

Lines the fixes kept come back exactly as the cell had them (IPython magics
included, and cells that do not parse, which the fixes never see); an
inserted line goes to the cell of the line above it. Everything else in the
notebook (outputs, metadata, other cells) is kept.
"""

from __future__ import annotations

import difflib
import json
from dataclasses import replace
from typing import Any, Sequence

from zerograd_lint.core.diagnostics import Diagnostic
from zerograd_lint.core.engine import lint_source
from zerograd_lint.core.selection import DEFAULT_SELECTION, Selection
from zerograd_lint.files.notebook import (
    NotebookError,
    NotebookProgram,
    cell_message,
    cell_source,
    in_cell,
    read_notebook,
    without_broken_cells,
)
from zerograd_lint.fixes import FixOutcome, describe_fix, fix_source, relocated_data


def fix_notebook(text: str, path: str, selection: Selection = DEFAULT_SELECTION, unsafe: bool = False) -> FixOutcome:
    try:
        program, _ = without_broken_cells(read_notebook(text), path)
    except NotebookError:
        return FixOutcome(text)  # linting reports it; nothing to fix
    outcome = fix_source(program.source, path, selection, unsafe)
    mapped = FixOutcome(
        text,
        [for_display(d, program) for d in outcome.applied],
        [(for_display(d, program), reason) for d, reason in outcome.skipped],
    )
    if outcome.changed:
        document = json.loads(text)
        cells = document["cells"]
        sources = [cell_source(cell, number) for number, cell in enumerate(cells, start=1)]
        for number, joined in fixed_cells(program, outcome.source, sources).items():
            cell = cells[number - 1]
            cell["source"] = joined.splitlines(keepends=True) if isinstance(cell["source"], list) else joined
        mapped = replace(mapped, source=json.dumps(document, indent=1, ensure_ascii=False) + "\n")
    return mapped


def fixed_cells(program: NotebookProgram, fixed: str, sources: Sequence[str]) -> dict[int, str]:
    """The new source of every code cell, keyed by 1-based cell number, once `program` is `fixed`.

    `sources[n - 1]` is the source of cell n as it was.
    """
    originals = [source.splitlines() for source in sources]
    return {
        number: "\n".join(lines) + ("\n" if sources[number - 1].endswith("\n") and lines else "")
        for number, lines in cell_lines(program.source, fixed, program.origins, originals).items()
    }


def cell_lines(
    old: str, new: str, origins: tuple[tuple[int, int], ...], originals: list[list[str]]
) -> dict[int, list[str]]:
    """The new lines of every code cell, keyed by 1-based cell number."""
    old_lines, new_lines = old.splitlines(), new.splitlines()
    cells: dict[int, list[str]] = {cell: [] for cell, _ in origins}
    matcher = difflib.SequenceMatcher(a=old_lines, b=new_lines, autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            for index in range(i1, i2):
                cell, line = origins[index]
                cells[cell].append(originals[cell - 1][line - 1])
        elif j2 > j1:  # inserted or rewritten lines join the cell of the line above
            cell = origins[max(i1 - 1, 0)][0] if tag == "insert" else origins[i1][0]
            cells[cell].extend(new_lines[j1:j2])
    return cells


def for_display(d: Diagnostic, program: NotebookProgram) -> Diagnostic:
    """A fixed report in its cell; the lines its data names (which fix messages quote) too."""
    placed = in_cell(d, program)
    return replace(placed, data=relocated_data(placed.data, lambda line: program.cell_line(line)[1]))


def describe_notebook_fix(text: str, path: str, selection: Selection, d: Diagnostic) -> dict[str, Any] | None:
    """JSON's `fix` for a report within a cell: the edit the fix makes, on the cells' lines; None if none."""
    try:
        program, _ = without_broken_cells(read_notebook(text), path)
    except NotebookError:
        return None
    joined = next(
        (r for r in lint_source(program.source, path, selection)
         if r.code == d.code and (r.line, r.column) == (program.program_line(d.cell or 0, d.line), d.column)),
        None,
    )
    if joined is None:
        return None
    described = describe_fix(program.source, joined)
    if described is None:
        return None
    edits = []  # the edits on the joined program, placed in cells
    for edit in described["edits"]:
        first, end = edit["line"], edit["end_line"]  # 1-based, end exclusive
        if end > first:
            cell, line = program.cell_line(first)
            end_cell, end_line = program.cell_line(end - 1)
            if end_cell != cell:
                return None  # an edit across cells: --fix applies it, but it is no edit of one cell
            end_line += 1
        else:  # an insertion joins the cell of the line above, as fix_notebook does
            cell, above = program.cell_line(first - 1) if first > 1 else (program.origins[0][0], 0)
            line = end_line = above + 1
        edits.append({"cell": cell, "line": line, "column": 1, "end_line": end_line, "end_column": 1, "content": edit["content"]})
    return {**described, "message": cell_message(described["message"], program, d.cell or 0), "edits": edits}
