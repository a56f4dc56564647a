"""Fixes: one module per fixable rule, and the driver that applies them to a source.

The driver lints, applies one fix it may apply, lints the result again and
goes on until nothing it may fix remains: each fix sees positions of the code
as it is, so fixes never fight over them. A fix is kept only if its result
parses, its report is gone, and it caused no report that cannot be fixed in
turn; otherwise it is skipped and said so.
"""

from __future__ import annotations

import ast
import difflib
from dataclasses import dataclass, field
from typing import Any

import libcst as cst

from zerograd_lint.diagnostics import Diagnostic
from zerograd_lint.engine import lint_source
from zerograd_lint.fixes import zg101, zg102, zg103, zg202, zg401, zg402, zg404, zg501
from zerograd_lint.fixes.base import SAFE, Fix
from zerograd_lint.fixes.edit import CannotFix
from zerograd_lint.selection import DEFAULT_SELECTION, Selection

FIXES: dict[str, Fix] = {fix.code: fix for fix in (m.FIX for m in (zg101, zg102, zg103, zg202, zg401, zg402, zg404, zg501))}
# Which fix goes first when several apply: a missing call before anything that may rely on it,
# the scaler's step before the unscale that must precede it, insertions before removals.
FIX_ORDER = ("ZG202", "ZG402", "ZG404", "ZG401", "ZG101", "ZG102", "ZG103", "ZG501")
# Each applied fix removes a report; a file with more than this many is not a training script.
MAX_FIXES_PER_FILE = 100


@dataclass
class FixOutcome:
    source: str
    applied: list[Diagnostic] = field(default_factory=list)
    skipped: list[tuple[Diagnostic, str]] = field(default_factory=list)

    @property
    def changed(self) -> bool:
        return bool(self.applied)


def may_fix(d: Diagnostic, unsafe: bool) -> bool:
    fix = FIXES.get(d.code)
    return fix is not None and (unsafe or fix.applicability(d) == SAFE)


def apply_fix(source: str, d: Diagnostic) -> str:
    """The source with the fix for `d`; raises CannotFix when the fix does not apply or would not parse."""
    fix = FIXES[d.code]
    try:
        new = fix.apply(cst.parse_module(source), d).code
        cst.parse_module(new)
        ast.parse(new, d.path)  # as the engine parses: CPython's parser, then LibCST's
    except (cst.ParserSyntaxError, SyntaxError, ValueError) as error:
        raise CannotFix(f"the fixed code would not parse: {error}") from None
    except CannotFix:
        raise
    except Exception as error:  # code shaped as no fix foresaw: skip the fix, never lose the run
        raise CannotFix(f"the fix failed: {type(error).__name__}: {error}") from None
    return new


def fix_source(source: str, path: str = "<string>", selection: Selection = DEFAULT_SELECTION, unsafe: bool = False) -> FixOutcome:
    outcome = FixOutcome(source)
    # Reports whose fix failed on the code as it is, by (code, message); another fix may change that code.
    failed: dict[tuple[str, str], tuple[Diagnostic, str]] = {}
    reports = lint_source(source, path, selection)
    for _ in range(MAX_FIXES_PER_FILE):
        pending = [d for d in reports if may_fix(d, unsafe) and (d.code, d.message) not in failed]
        if not pending:
            break
        d = min(pending, key=lambda d: FIX_ORDER.index(d.code))
        try:
            new, new_reports = checked_fix(outcome.source, d, reports, path, selection, unsafe)
        except CannotFix as error:
            failed[(d.code, d.message)] = (d, str(error))
            continue
        outcome.source, reports = new, new_reports
        outcome.applied.append(d)
        failed.clear()
    remaining = {(d.code, d.message) for d in reports}
    outcome.skipped = [failure for key, failure in failed.items() if key in remaining]
    return outcome


def checked_fix(
    source: str, d: Diagnostic, reports: list[Diagnostic], path: str, selection: Selection, unsafe: bool
) -> tuple[str, list[Diagnostic]]:
    """The source with the fix for `d` (one of `reports`, the source's reports) and the fixed source's reports.

    Raises CannotFix unless the fix removes its report and causes no report that
    may not be fixed in turn (`unsafe`: unsafe fixes may).
    """
    new = apply_fix(source, d)
    new_reports = lint_source(new, path, selection)
    if count(new_reports, d.code) >= count(reports, d.code):
        raise CannotFix(f"the fix does not remove the {d.code} report")
    introduced = sorted(
        code for code in {r.code for r in new_reports if not may_fix(r, unsafe)}
        if count(new_reports, code) > count(reports, code)
    )
    if introduced:  # a report this run cannot fix in turn
        raise CannotFix(f"the fix would cause {', '.join(introduced)}")
    return new, new_reports


def count(reports: list[Diagnostic], code: str) -> int:
    return sum(d.code == code for d in reports)


def describe_fix(source: str, d: Diagnostic) -> dict[str, Any] | None:
    """JSON's `fix` for one report: what the fix would change, as edits on the original lines; None if none."""
    fix = FIXES.get(d.code)
    if fix is None:
        return None
    try:
        new = apply_fix(source, d)
    except CannotFix:
        return None
    return {"applicability": fix.applicability(d), "message": fix.message(d), "edits": line_edits(source, new)}


def line_edits(old: str, new: str) -> list[dict[str, Any]]:
    """The differences as replacements of whole lines: 1-based, end exclusive (line `end_line`, column 1)."""
    old_lines, new_lines = old.splitlines(keepends=True), new.splitlines(keepends=True)
    edits = []
    matcher = difflib.SequenceMatcher(a=old_lines, b=new_lines, autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag != "equal":
            edits.append({"line": i1 + 1, "column": 1, "end_line": i2 + 1, "end_column": 1, "content": "".join(new_lines[j1:j2])})
    return edits


def unified_diff(old: str, new: str, path: str) -> str:
    shown = path.lstrip("/")  # `a//abs/path` would read as a different path
    return "".join(difflib.unified_diff(old.splitlines(keepends=True), new.splitlines(keepends=True), f"a/{shown}", f"b/{shown}"))
