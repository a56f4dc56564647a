"""`--format sarif`: SARIF 2.1.0, one run, every rule described (GitHub code scanning reads it).

Paths are given relative to the repository (`%SRCROOT%`, the nearest folder
with a `.git` above the current folder), whatever folder the run started in,
so code scanning finds the files; a file outside it gets an absolute URI.
A notebook's report is placed as ruff places it: at its line and column in
the notebook's code cells read as one source (SARIF knows no cells), with
the cell and the line within it in the message and the properties.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any, Sequence
from urllib.parse import quote

from zerograd_lint import __version__
from zerograd_lint.core.diagnostics import Diagnostic
from zerograd_lint.fixes import FIXES
from zerograd_lint.rules import Rule, all_rules
from zerograd_lint.rules.pages import rule_page

SCHEMA_URI = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
SOURCE_ROOT = "%SRCROOT%"
LEVELS = {"error": "error", "warning": "warning", "style": "note"}


def level_of(rule: Rule | None) -> str:
    return LEVELS[rule.severity] if rule else "error"


def rule_descriptor(rule: Rule) -> dict[str, Any]:
    # No helpUri: the project has no web site; the rule's whole page is the help.
    page = rule_page(rule)
    return {
        "id": rule.code,
        "name": rule.name,
        "shortDescription": {"text": rule.summary},
        "fullDescription": {"text": rule.what},
        "help": {"text": page, "markdown": page},
        "defaultConfiguration": {"level": level_of(rule), "enabled": rule.enabled_by_default},
        "properties": {"severity": rule.severity, "fixable": rule.code in FIXES},
    }


def repository_root(start: Path) -> Path:
    """The nearest folder holding `.git` (a folder, or a file in a worktree) at or above `start`, else `start`."""
    for folder in (start, *start.parents):
        if os.path.exists(folder / ".git"):
            return folder
    return start


def artifact_location(path: str, root: Path) -> dict[str, str]:
    absolute = Path(os.path.abspath(path))
    try:
        relative = absolute.relative_to(root)
    except ValueError:
        return {"uri": absolute.as_uri()}
    return {"uri": quote(relative.as_posix()), "uriBaseId": SOURCE_ROOT}


def result(d: Diagnostic, index: dict[str, int], rules: dict[str, Rule], root: Path) -> dict[str, Any]:
    line, column, end_line, end_column = d.cells_region or (d.line, d.column, d.end_line, d.end_column)
    message = d.message if d.cell is None else f"cell {d.cell}, line {d.line}: {d.message}"
    item: dict[str, Any] = {
        "ruleId": d.code,
        "level": level_of(rules.get(d.code)),
        "message": {"text": message},
        "locations": [
            {
                "physicalLocation": {
                    "artifactLocation": artifact_location(d.path, root),
                    "region": {"startLine": line, "startColumn": column, "endLine": end_line, "endColumn": end_column},
                }
            }
        ],
    }
    if d.code in index:
        item["ruleIndex"] = index[d.code]
    if d.cell is not None:
        item["properties"] = {"cell": d.cell, "cellLine": d.line, "cellColumn": d.column}
    return item


def render(diagnostics: Sequence[Diagnostic]) -> str:
    rules = all_rules()
    index = {rule.code: position for position, rule in enumerate(rules)}
    by_code = {rule.code: rule for rule in rules}
    root = repository_root(Path.cwd())
    log = {
        "$schema": SCHEMA_URI,
        "version": "2.1.0",
        "runs": [
            {
                "tool": {
                    "driver": {
                        "name": "zerograd-lint",
                        "version": __version__,
                        "rules": [rule_descriptor(rule) for rule in rules],
                    }
                },
                "originalUriBaseIds": {SOURCE_ROOT: {"uri": root.as_uri().rstrip("/") + "/"}},
                "columnKind": "unicodeCodePoints",
                "results": [result(d, index, by_code, root) for d in diagnostics],
            }
        ],
    }
    return json.dumps(log, indent=2) + "\n"
