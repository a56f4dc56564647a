"""`--format json`: the array RULES.md specifies, field for field."""

from __future__ import annotations

import json
from typing import Any, Sequence

from zerograd_lint.base.diagnostics import Diagnostic
from zerograd_lint.rules import rule_by_code


def as_json_item(d: Diagnostic) -> dict[str, Any]:
    rule = rule_by_code(d.code)
    item: dict[str, Any] = {
        "path": d.path,
        "line": d.line,
        "column": d.column,
        "end_line": d.end_line,
        "end_column": d.end_column,
        "code": d.code,
        "name": rule.name if rule else d.code,
        "severity": rule.severity if rule else "error",
        "message": d.message,
        "fix": d.suggestion.as_json() if d.suggestion is not None else None,
    }
    if d.cell is not None:
        item["cell"] = d.cell
    if d.ranks:  # `zerograd-lint run` under torchrun: the ranks that saw it
        item["ranks"] = list(d.ranks)
    return item


def render(diagnostics: Sequence[Diagnostic]) -> str:
    return json.dumps([as_json_item(d) for d in diagnostics], indent=2) + "\n"
