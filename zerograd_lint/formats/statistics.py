"""`--statistics`: how many reports of each code, most frequent first (ruff's layout)."""

from __future__ import annotations

import json
from collections import Counter
from typing import Sequence

from zerograd_lint.base.diagnostics import Diagnostic
from zerograd_lint.rules import rule_by_code


def counts(diagnostics: Sequence[Diagnostic]) -> list[tuple[str, str, int]]:
    """(code, name, count), most frequent first, then by code."""
    counter = Counter(d.code for d in diagnostics)
    rows = [(code, getattr(rule_by_code(code), "name", code), n) for code, n in counter.items()]
    return sorted(rows, key=lambda row: (-row[2], row[0]))


def render_text(diagnostics: Sequence[Diagnostic]) -> str:
    rows = counts(diagnostics)
    width = max((len(str(n)) for _, _, n in rows), default=1)
    return "".join(f"{n:>{width}}\t{code}\t{name}\n" for code, name, n in rows)


def render_json(diagnostics: Sequence[Diagnostic]) -> str:
    rows = [{"code": code, "name": name, "count": n} for code, name, n in counts(diagnostics)]
    return json.dumps(rows, indent=2) + "\n"
