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
from typing import Sequence

from zerograd_lint.analysis.module_source import ProjectSource
from zerograd_lint.base.diagnostics import Diagnostic
from zerograd_lint.core.fixing import FixOutcome, fix_source
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


def fix_notebook(
    text: str, path: str, selection: Selection = DEFAULT_SELECTION, unsafe: bool = False, project: ProjectSource | None = None
) -> FixOutcome:
    try:
        program, _ = without_broken_cells(read_notebook(text), path)
    except NotebookError:
        return FixOutcome(text)  # linting reports it; nothing to fix
    outcome = fix_source(program.source, path, selection, unsafe, project=project)
    mapped = FixOutcome(
        text,
        [in_cell_with_message(d, message, program) for d, message in outcome.applied],
        [(in_cell(d, program) if d.path == path else d, reason) for d, reason in outcome.skipped],
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


def in_cell_with_message(d: Diagnostic, message: str, program: NotebookProgram) -> tuple[Diagnostic, str]:
    """A fixed report in its cell, and what its fix did, in the lines of the cells."""
    placed = in_cell(d, program)
    return placed, cell_message(message, program, placed.cell or 0)
