"""The fix driver: lint, apply one fix the user may apply, lint the result again (the fix's proof), and go on
until nothing it may fix remains: each fix sees positions of the code as it is, so fixes never fight over them.
A fix is kept only if its result parses, its report is gone, and it caused no report that cannot be fixed in
turn; otherwise it is skipped and said so. Above the rules (it runs the engine); the fixes themselves are
`zerograd_lint/fixes/`."""

from __future__ import annotations

import difflib
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from zerograd_lint.base.diagnostics import Diagnostic
from zerograd_lint.core.engine import lint_source
from zerograd_lint.core.selection import DEFAULT_SELECTION, Selection
from zerograd_lint.fixes import FIXES, apply_fix, may_fix
from zerograd_lint.fixes.base import Variant, variant_of
from zerograd_lint.fixes.edit import CannotFix

if TYPE_CHECKING:
    from zerograd_lint.analysis.module_source import ProjectSource


# Each applied fix removes a report; a file with more than this many is not a training script.
MAX_FIXES_PER_FILE = 100


@dataclass
class FixOutcome:
    source: str
    applied: list[tuple[Diagnostic, str]] = field(default_factory=list)  # each fixed report and what its fix did
    skipped: list[tuple[Diagnostic, str]] = field(default_factory=list)  # each report a fix failed, and why
    reports: list[Diagnostic] = field(default_factory=list)  # the reports of `source` (as fixed)

    @property
    def changed(self) -> bool:
        return bool(self.applied)


def checked_fix(
    source: str, d: Diagnostic, reports: list[Diagnostic], path: str, selection: Selection, project: ProjectSource | None = None
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
    contradiction = next((r for r in reports if r.code in fix.contradicted_by and r.step_line == d.step_line), None)
    if contradiction is not None:
        raise CannotFix(
            f"{contradiction.code} at line {contradiction.line} on the same step contradicts what the fix assumes: "
            f"fix {contradiction.code} first"
        )
    reason = ""
    for index, variant in enumerate(fix.variants()):
        try:
            new = apply_fix(source, d, variant_of(d, index))
            new_reports = lint_source(new, path, selection, project)
            if count(new_reports, d.code) >= count(reports, d.code):
                raise CannotFix(f"the fix does not remove the {d.code} report")
            caused = sorted(code for code in {r.code for r in new_reports} if count(new_reports, code) > count(reports, code))
            if caused and not fix.reveals:
                raise CannotFix(f"the fix would cause {', '.join(caused)}")
            return new, new_reports, variant
        except CannotFix as error:
            reason = reason if variant is fix.fallback else str(error)  # the main edit's reason says most
    raise CannotFix(reason)


def fix_source(
    source: str,
    path: str = "<string>",
    selection: Selection = DEFAULT_SELECTION,
    unsafe: bool = False,
    reports: list[Diagnostic] | None = None,
    project: ProjectSource | None = None,
) -> FixOutcome:
    """The source with the fixes applied, and its reports; the reports fixed and skipped, placed on the source as given.

    Only reports the user sees are fixed, each by a proven edit (`checked_fix`). `reports`: the source's own, if
    they are known already (each analysis of the file is then one proof); `project`: the project the file is
    analysed with (its modules read as the check read them).
    """
    outcome = FixOutcome(source)
    # Reports whose fix failed on the code as it is, by (code, message); another fix may change that code.
    failed: dict[tuple[str, str], tuple[Diagnostic, str]] = {}
    origins: list[int | None] = list(range(1, len(source.splitlines()) + 1))  # each line's line in `source`
    if reports is None:
        reports = lint_source(source, path, selection, project)
    for _ in range(MAX_FIXES_PER_FILE):
        pending = [d for d in reports if may_fix(d, unsafe) and (d.code, d.message) not in failed]
        if not pending:
            break
        d = min(pending, key=lambda d: FIXES[d.code].order)
        try:
            new, new_reports, variant = checked_fix(outcome.source, d, reports, path, selection, project)
        except CannotFix as error:
            failed[(d.code, d.message)] = (at_origin(d, origins), str(error))
            continue
        placed = at_origin(d, origins)
        outcome.applied.append((placed, variant.message(placed)))
        origins = carried_origins(outcome.source, new, origins)
        outcome.source, reports = new, new_reports
        failed.clear()
    remaining = {(d.code, d.message) for d in reports}
    outcome.skipped = [failure for key, failure in failed.items() if key in remaining]
    outcome.reports = reports
    return outcome


def at_origin(d: Diagnostic, origins: list[int | None]) -> Diagnostic:
    """A report on the source as fixed so far, placed on the source as given (a line a fix wrote stays); the
    lines its fix's words name too (fix messages quote them)."""

    def origin(line: int) -> int:
        found = origins[line - 1] if 1 <= line <= len(origins) else None
        return found if found is not None else line

    return replace(d, line=origin(d.line), end_line=origin(d.end_line), fix=d.fix.moved(origin) if d.fix else None)


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
