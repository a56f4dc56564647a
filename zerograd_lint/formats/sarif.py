"""`--format sarif`: SARIF 2.1.0, one run, every rule described (GitHub code scanning reads it)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Sequence
from urllib.parse import quote

from zerograd_lint import __version__
from zerograd_lint.diagnostics import Diagnostic
from zerograd_lint.rules import Rule, all_rules

SCHEMA_URI = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
INFORMATION_URI = "https://github.com/zerograd-lint/zerograd-lint"
LEVELS = {"error": "error", "warning": "warning", "style": "note"}


def level_of(rule: Rule | None) -> str:
    return LEVELS[rule.severity] if rule else "error"


def rule_descriptor(rule: Rule) -> dict[str, Any]:
    return {
        "id": rule.code,
        "name": rule.name,
        "shortDescription": {"text": rule.summary},
        "fullDescription": {"text": rule.what},
        "help": {"text": f"{rule.why}\n\nUse instead:\n{rule.use_instead}"},
        "helpUri": rule.help_uri,
        "defaultConfiguration": {"level": level_of(rule), "enabled": rule.enabled_by_default},
        "properties": {"severity": rule.severity, "fixable": rule.fixable},
    }


def artifact_uri(path: str) -> str:
    """Relative paths stay relative (code scanning resolves them against the repository)."""
    as_path = Path(path)
    return as_path.as_uri() if as_path.is_absolute() else quote(as_path.as_posix())


def result(d: Diagnostic, index: dict[str, int], rules: dict[str, Rule]) -> dict[str, Any]:
    item: dict[str, Any] = {
        "ruleId": d.code,
        "level": level_of(rules.get(d.code)),
        "message": {"text": d.message},
        "locations": [
            {
                "physicalLocation": {
                    "artifactLocation": {"uri": artifact_uri(d.path)},
                    "region": {
                        "startLine": d.line,
                        "startColumn": d.column,
                        "endLine": d.end_line,
                        "endColumn": d.end_column,
                    },
                }
            }
        ],
    }
    if d.code in index:
        item["ruleIndex"] = index[d.code]
    if d.cell is not None:  # the region is then within that notebook cell
        item["properties"] = {"cell": d.cell}
    return item


def render(diagnostics: Sequence[Diagnostic]) -> str:
    rules = all_rules()
    index = {rule.code: position for position, rule in enumerate(rules)}
    by_code = {rule.code: rule for rule in rules}
    log = {
        "$schema": SCHEMA_URI,
        "version": "2.1.0",
        "runs": [
            {
                "tool": {
                    "driver": {
                        "name": "zerograd-lint",
                        "version": __version__,
                        "informationUri": INFORMATION_URI,
                        "rules": [rule_descriptor(rule) for rule in rules],
                    }
                },
                "results": [result(d, index, by_code) for d in diagnostics],
            }
        ],
    }
    return json.dumps(log, indent=2) + "\n"
