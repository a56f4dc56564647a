"""Fixes: one module per fixable rule, and the driver that applies them to a source.

A rule's report carries its fix (`base.Offer`), made where the rule knows the
nodes: how safe it is and the edits of each variant (`edit.Edit`); one applier
makes the edits (`edit.apply_edits`).

The driver lints, applies one fix it may apply, lints the result again and
goes on until nothing it may fix remains: each fix sees positions of the code
as it is, so fixes never fight over them. A fix is kept only if its result
parses, its report is gone, and it caused no report that cannot be fixed in
turn; otherwise it is skipped and said so.
"""

from __future__ import annotations

import ast
import difflib
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import Any, Callable, Mapping, Sequence

import libcst as cst

from zerograd_lint.core.diagnostics import Diagnostic
from zerograd_lint.core.engine import lint_source
from zerograd_lint.core.selection import DEFAULT_SELECTION, Selection
from zerograd_lint.fixes import zg101, zg102, zg103, zg202, zg204, zg401, zg402, zg404, zg501, zg602
from zerograd_lint.fixes.base import SAFE, Fix, Variant, applicability, variant_of
from zerograd_lint.fixes.edit import CannotFix, Edit, apply_edits

FIXES: dict[str, Fix] = {
    fix.code: fix for fix in (m.FIX for m in (zg101, zg102, zg103, zg202, zg204, zg401, zg402, zg404, zg501, zg602))
}
# Which fix goes first when several apply: a missing call before anything that may rely on it,
# the scaler's step before the unscale that must precede it, insertions before removals and moves.
FIX_ORDER = ("ZG202", "ZG402", "ZG404", "ZG401", "ZG101", "ZG102", "ZG103", "ZG501", "ZG204", "ZG602")
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
    return d.code in FIXES and (unsafe or applicability(d) == SAFE)


def apply_fix(source: str, d: Diagnostic, edits: Sequence[Edit]) -> str:
    """The source with the edits of `d`'s fix made; raises CannotFix when they do not apply or would not parse."""
    try:
        new = apply_edits(source, edits)
        cst.parse_module(new)
        ast.parse(new, d.path)  # as the engine parses: CPython's parser, then LibCST's
    except (cst.ParserSyntaxError, SyntaxError, ValueError) as error:
        raise CannotFix(f"the fixed code would not parse: {error}") from None
    except CannotFix:
        raise
    except Exception as error:  # code shaped as no fix foresaw: skip the fix, never lose the run
        raise CannotFix(f"the fix failed: {type(error).__name__}: {error}") from None
    return new


def checked_fix(
    source: str, d: Diagnostic, reports: list[Diagnostic], path: str, selection: Selection
) -> tuple[str, list[Diagnostic], Variant]:
    """The smallest edit for `d` that removes its report and causes no other: the new source, its reports,
    and which of the fix's edits it is.

    Raises CannotFix, with the reason, when no edit does: when another report on
    the same step contradicts what the fix assumes (dividing the loss of an
    accumulation that a clear defeats), or when the edit would leave its report
    or cause one the user never saw (which a later fix would then "fix"); only
    making an uncalled line run (ZG202) may reveal reports about that line.
    """
    fix = FIXES[d.code]
    contradiction = next(
        (r for r in reports if r.code in fix.contradicted_by and r.data.get("step_line") == d.data.get("step_line")), None
    )
    if contradiction is not None:
        raise CannotFix(
            f"{contradiction.code} at line {contradiction.line} on the same step contradicts what the fix assumes: "
            f"fix {contradiction.code} first"
        )
    reason = ""
    for index, variant in enumerate(fix.variants()):
        try:
            new = apply_fix(source, d, variant_of(d, index))
            new_reports = lint_source(new, path, selection)
            if count(new_reports, d.code) >= count(reports, d.code):
                raise CannotFix(f"the fix does not remove the {d.code} report")
            caused = sorted(code for code in {r.code for r in new_reports} if count(new_reports, code) > count(reports, code))
            if caused and not fix.reveals:
                raise CannotFix(f"the fix would cause {', '.join(caused)}")
            return new, new_reports, variant
        except CannotFix as error:
            reason = reason if variant is fix.fallback else str(error)  # the main edit's reason says most
    raise CannotFix(reason)


def fix_source(source: str, path: str = "<string>", selection: Selection = DEFAULT_SELECTION, unsafe: bool = False) -> FixOutcome:
    """The source with the fixes applied; the reports fixed and skipped, placed on the source as given.

    Only reports the user sees are fixed, each by a proven edit (`checked_fix`).
    """
    outcome = FixOutcome(source)
    # Reports whose fix failed on the code as it is, by (code, message); another fix may change that code.
    failed: dict[tuple[str, str], tuple[Diagnostic, str]] = {}
    origins: list[int | None] = list(range(1, len(source.splitlines()) + 1))  # each line's line in `source`
    reports = lint_source(source, path, selection)
    for _ in range(MAX_FIXES_PER_FILE):
        pending = [d for d in reports if may_fix(d, unsafe) and (d.code, d.message) not in failed]
        if not pending:
            break
        d = min(pending, key=lambda d: FIX_ORDER.index(d.code))
        try:
            new, new_reports, variant = checked_fix(outcome.source, d, reports, path, selection)
        except CannotFix as error:
            failed[(d.code, d.message)] = (at_origin(d, origins), str(error))
            continue
        placed = at_origin(d, origins)
        outcome.applied.append(replace(placed, data={**placed.data, "fix_variant": FIXES[d.code].variants().index(variant)}))
        origins = carried_origins(outcome.source, new, origins)
        outcome.source, reports = new, new_reports
        failed.clear()
    remaining = {(d.code, d.message) for d in reports}
    outcome.skipped = [failure for key, failure in failed.items() if key in remaining]
    return outcome


def at_origin(d: Diagnostic, origins: list[int | None]) -> Diagnostic:
    """A report on the source as fixed so far, placed on the source as given (a line a fix wrote stays)."""

    def origin(line: int) -> int:
        found = origins[line - 1] if 1 <= line <= len(origins) else None
        return found if found is not None else line

    return replace(d, line=origin(d.line), end_line=origin(d.end_line), data=relocated_data(d.data, origin))


def relocated_data(data: Mapping[str, Any], line_of: Callable[[int], int]) -> dict[str, Any]:
    """The data of a report with the lines it names (`loop_line`, ...: fix messages quote them) mapped."""
    return {key: line_of(value) if key.endswith("_line") and isinstance(value, int) else value for key, value in data.items()}


def carried_origins(old: str, new: str, origins: list[int | None]) -> list[int | None]:
    """`origins` for the lines of `new`: a line kept from `old` keeps its origin; a written one has none."""
    carried: list[int | None] = [None] * len(new.splitlines())
    matcher = difflib.SequenceMatcher(a=old.splitlines(), b=new.splitlines(), autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            carried[j1:j2] = origins[i1:i2]
    return carried


def count(reports: list[Diagnostic], code: str) -> int:
    return sum(d.code == code for d in reports)


@lru_cache(maxsize=4)
def reports_of(source: str, path: str) -> tuple[Diagnostic, ...]:
    """The file's reports, linted once for all the reports whose fix is described."""
    return tuple(lint_source(source, path))


def describe_fix(source: str, d: Diagnostic) -> dict[str, Any] | None:
    """JSON's `fix` for one report: what the fix would change, as edits on the original lines; None if none."""
    fix = FIXES.get(d.code)
    if fix is None or "variants" not in d.data:  # no fix offered (a report on a line of another module)
        return None
    try:
        new, _, variant = checked_fix(source, d, list(reports_of(source, d.path)), d.path, DEFAULT_SELECTION)
    except CannotFix:
        return None
    return {"applicability": applicability(d), "message": variant.message(d), "edits": line_edits(source, new)}


def fix_message(d: Diagnostic) -> str:
    """What the fix of an applied report did (the edit chosen among its variants), in the lines of `d`."""
    fix, index = FIXES[d.code], d.data.get("fix_variant")
    return fix.variants()[index].message(d) if index is not None else fix.message(d)


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
