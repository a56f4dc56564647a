"""`--format github`: GitHub Actions workflow commands, one annotation per report.

https://docs.github.com/actions/reference/workflow-commands-for-github-actions
"""

from __future__ import annotations

from typing import Sequence

from zerograd_lint.base.diagnostics import Diagnostic
from zerograd_lint.formats.text import location
from zerograd_lint.rules import rule_by_code

LEVELS = {"error": "error", "warning": "warning", "style": "notice"}


def escape_data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def escape_property(text: str) -> str:
    return escape_data(text).replace(":", "%3A").replace(",", "%2C")


def annotation(d: Diagnostic) -> str:
    rule = rule_by_code(d.code)
    level = LEVELS.get(rule.severity if rule else "error", "error")
    title = f"{d.code} ({rule.name})" if rule else d.code
    properties = [("file", d.path)]
    if d.cell is None:  # a line within a notebook cell is no line of the .ipynb file
        properties += [("line", d.line), ("col", d.column), ("endLine", d.end_line), ("endColumn", d.end_column)]
    properties.append(("title", title))
    fields = ",".join(f"{key}={escape_property(str(value))}" for key, value in properties)
    return f"::{level} {fields}::{escape_data(f'{location(d)}: {d.code} {d.message}')}\n"


def render(diagnostics: Sequence[Diagnostic]) -> str:
    return "".join(annotation(d) for d in diagnostics)
