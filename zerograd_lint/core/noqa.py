"""`# noqa` comments, parsed the way flake8 parses them."""

from __future__ import annotations

import re
from typing import Iterable

from zerograd_lint.base.diagnostics import Diagnostic

# flake8's own pattern (flake8/defaults.py), so a comment means the same to both tools.
NOQA_INLINE = re.compile(
    r"# noqa"
    r"(?::[\s]?(?P<codes>([A-Z]+[0-9]+(?:[,\s]+)?)+))?",
    re.IGNORECASE,
)
NOQA_FILE = re.compile(r"#\s*zerograd-lint\s*:\s*noqa\b", re.IGNORECASE)


def suppressed_codes(line: str) -> frozenset[str] | None:
    """None: no noqa; empty set: blanket noqa; otherwise the codes (or prefixes) named."""
    match = NOQA_INLINE.search(line)
    if match is None:
        return None
    codes = match.group("codes")
    if not codes:
        return frozenset()
    return frozenset(re.split(r"[,\s]+", codes.strip())) - {""}


def is_suppressed(diagnostic: Diagnostic, lines: list[str]) -> bool:
    if not 1 <= diagnostic.line <= len(lines):
        return False
    codes = suppressed_codes(lines[diagnostic.line - 1])
    # As flake8 decides: a named code or a prefix of it (ZG1 covers ZG101), case as written.
    return codes is not None and (not codes or diagnostic.code.startswith(tuple(codes)))


def apply_noqa(diagnostics: Iterable[Diagnostic], source: str) -> list[Diagnostic]:
    reports = list(diagnostics)
    if not reports or NOQA_FILE.search(source):
        return []  # no report (most files checked: their lines are never split), or the whole file suppressed
    lines = source.splitlines()
    return [d for d in reports if not is_suppressed(d, lines)]
