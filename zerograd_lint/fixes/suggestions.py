"""JSON's `fix`: the edit each report's fix offers, as whole lines of the file as it is, with no analysis.

The rule made the fix's edits as it reported (`base.Offer`); here the edit the
rule's page describes (`Fix.main`, else its fallback) is made on the top-level
statements it touches and their neighbours, an excerpt of the file, so a file's
suggestions cost in proportion to the file, not to its reports times its size.
A suggestion is unproven: `--fix` lints the result again before it keeps an
edit, and may choose a smaller one, another, or none.
"""

from __future__ import annotations

import ast
import bisect
from dataclasses import replace
from typing import Sequence

from zerograd_lint.base.diagnostics import Diagnostic, LineEdit, Suggestion
from zerograd_lint.fixes import FIXES, apply_fix, line_edits
from zerograd_lint.fixes.base import Made
from zerograd_lint.fixes.edit import CannotFix, Edit


def suggested(source: str, reports: Sequence[Diagnostic]) -> list[Diagnostic]:
    """The reports, each one whose fix can be made with its suggestion."""
    starts = statement_starts(source)
    lines = source.splitlines(keepends=True)
    return [replace(d, suggestion=suggestion(lines, starts, d)) if d.fix is not None else d for d in reports]


def suggestion(lines: list[str], starts: list[int], d: Diagnostic) -> Suggestion | None:
    fix, offer = FIXES.get(d.code), d.fix
    if fix is None or offer is None:
        return None
    variants = fix.variants()
    for variant in (fix.main, fix.fallback):
        if variant is None:
            continue
        made = offer.variants[variants.index(variant)]
        edits = line_edits_of(lines, starts, d, made)
        if edits is not None:
            return Suggestion(offer.applicability, variant.message(d), edits)
    return None


def line_edits_of(lines: list[str], starts: list[int], d: Diagnostic, made: Made) -> tuple[LineEdit, ...] | None:
    """The edits as whole lines of the file, made on an excerpt; None if they cannot be made."""
    if isinstance(made, str) or not made:
        return None
    first, end = excerpt(starts, len(lines), made)
    shift = first - 1
    old = "".join(lines[first - 1 : end - 1])
    moved = [replace(e, span=(e.span[0] - shift, e.span[1], e.span[2] - shift, e.span[3])) for e in made]
    try:
        new = apply_fix(old, d, moved, for_analysis=False)
    except CannotFix:
        return None
    return tuple(LineEdit(e["line"] + shift, e["end_line"] + shift, e["content"]) for e in line_edits(old, new))


def excerpt(starts: list[int], line_count: int, edits: Sequence[Edit]) -> tuple[int, int]:
    """The 1-based lines [first, end) of the top-level statements the edits touch; one more on each side when an
    edit is of a top-level statement itself (a removed one keeps what follows it, as in the file); the whole
    file for an edit of the module."""
    if not starts or any(edit.kind == "Module" for edit in edits):
        return 1, line_count + 1
    first = bisect.bisect_right(starts, min(edit.span[0] for edit in edits)) - 1
    last = bisect.bisect_right(starts, max(edit.span[2] for edit in edits)) - 1
    if any(starts_statement(starts, edit.span[0]) for edit in edits):
        first, last = first - 1, last + 1
    first, after = max(first, 0), last + 1
    return (starts[first] if first > 0 else 1), (starts[after] if after < len(starts) else line_count + 1)


def starts_statement(starts: list[int], line: int) -> bool:
    index = bisect.bisect_left(starts, line)
    return index < len(starts) and starts[index] == line


def statement_starts(source: str) -> list[int]:
    """The first line of each top-level statement (its decorators included), in order."""
    try:
        module = ast.parse(source)
    except (SyntaxError, ValueError):
        return []  # the whole file is the excerpt
    return [min([s.lineno, *(d.lineno for d in getattr(s, "decorator_list", ()))]) for s in module.body]
