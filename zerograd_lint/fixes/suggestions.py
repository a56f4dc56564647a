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
from dataclasses import dataclass, replace
from typing import Callable, Iterable, Sequence

from zerograd_lint.analysis.outline import outline
from zerograd_lint.base.diagnostics import Diagnostic, LineEdit, Suggestion
from zerograd_lint.fixes import FIXES, apply_fix, line_edits
from zerograd_lint.fixes.edit import CannotFix, Edit


def suggested(source: str, reports: Sequence[Diagnostic], each: Callable[..., Iterable[Suggestion | None]] = map) -> list[Diagnostic]:
    """The reports, each one whose fix can be made with its suggestion; `each` maps `suggestion` over the reports'
    drafts (each is made alone: a pool's `map` makes them in its workers)."""
    starts = statement_starts(source)
    lines = source.splitlines(keepends=True)
    made = iter(each(suggestion, [drafts(lines, starts, d) for d in reports if d.fix is not None]))
    return [replace(d, suggestion=next(made)) if d.fix is not None else d for d in reports]


@dataclass(frozen=True)
class Draft:
    """A variant of a report's fix to try, its edits moved onto the excerpt of the file they touch."""

    report: Diagnostic
    variant: int  # in the order of `Fix.variants`
    excerpt: str  # whole lines of the file
    shift: int  # the file's line before the excerpt's first
    edits: tuple[Edit, ...]
    starts: tuple[int, ...] | None  # the first line of each of the excerpt's top-level statements (None: not known)


def drafts(lines: list[str], starts: list[int], d: Diagnostic) -> list[Draft]:
    """The variants the rule's page describes (`Fix.main`, else its fallback) whose edits were made, in that order."""
    fix, offer = FIXES.get(d.code), d.fix
    if fix is None or offer is None:
        return []
    variants = fix.variants()
    found = []
    for variant in (fix.main, fix.fallback):
        if variant is None:
            continue
        index = variants.index(variant)
        made = offer.variants[index]
        if isinstance(made, str) or not made:
            continue
        first, end = excerpt(starts, len(lines), made)
        shift = first - 1
        moved = tuple(replace(e, span=(e.span[0] - shift, e.span[1], e.span[2] - shift, e.span[3])) for e in made)
        within = starts[bisect.bisect_left(starts, first) : bisect.bisect_left(starts, end)]  # in order, `a; b` twice
        inside = tuple(dict.fromkeys(start - shift for start in within)) if starts else None
        found.append(Draft(d, index, "".join(lines[first - 1 : end - 1]), shift, moved, inside))
    return found


def suggestion(drafts: list[Draft]) -> Suggestion | None:
    """The first draft whose edits can be made, as edits of whole lines of the file; None if none can."""
    for draft in drafts:
        try:
            new = apply_fix(draft.excerpt, draft.report, draft.edits, for_analysis=False, starts=draft.starts)
        except CannotFix:
            continue
        d, shift = draft.report, draft.shift
        assert d.fix is not None
        edits = tuple(LineEdit(e["line"] + shift, e["end_line"] + shift, e["content"]) for e in line_edits(draft.excerpt, new))
        return Suggestion(d.fix.applicability, FIXES[d.code].variants()[draft.variant].message(d), edits)
    return None


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
    """The first line of each top-level statement (its decorators included), in order: from the file's outline (its
    top level, every line where it is, the bodies of its defs and classes left out), a fraction of the file's tree."""
    try:
        module = ast.parse(outline(source).text)
    except (SyntaxError, ValueError):
        return []  # the whole file is the excerpt
    return [min([s.lineno, *(d.lineno for d in getattr(s, "decorator_list", ()))]) for s in module.body]
