"""`--format sarif`: SARIF 2.1.0, one run, every rule described (GitHub code scanning reads it).

Paths are given relative to the repository (`%SRCROOT%`, the nearest folder
with a `.git` above the current folder), whatever folder the run started in,
so code scanning finds the files; a file outside it gets an absolute URI.
A notebook's report is placed as ruff places it: at its line and column in
the notebook's code cells read as one source (SARIF knows no cells), with
the cell and the line within it in the message and the properties.

Each result carries a partial fingerprint made of its code, its path and the
text of its line (not the line's number), so that code scanning follows an
alert as lines above it move and closes it when the code is fixed.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections import Counter
from pathlib import Path
from typing import Any, Iterator, Sequence
from urllib.parse import quote

from zerograd_lint.base import __version__
from zerograd_lint.base.diagnostics import Diagnostic
from zerograd_lint.fixes import FIXES
from zerograd_lint.rules import Rule, all_rules
from zerograd_lint.rules.pages import repository_url, rule_page, rule_url

SCHEMA_URI = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
SOURCE_ROOT = "%SRCROOT%"
LEVELS = {"error": "error", "warning": "warning", "style": "note"}
FINGERPRINT = "zerogradLintLineHash/v1"  # partialFingerprints' key: versioned, as SARIF asks, should the recipe change


def level_of(rule: Rule | None) -> str:
    return LEVELS[rule.severity] if rule else "error"


def rule_descriptor(rule: Rule) -> dict[str, Any]:
    # The rule's whole page is the help; its section of docs/rules.md is linked when the package names its repository.
    page = rule_page(rule)
    url = rule_url(rule.code)
    return {
        "id": rule.code,
        "name": rule.name,
        "shortDescription": {"text": rule.summary},
        "fullDescription": {"text": rule.what},
        "help": {"text": page, "markdown": page},
        **({"helpUri": url} if url else {}),
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


def region_of(d: Diagnostic) -> tuple[int, int, int, int]:
    """Where SARIF places a report: its line and column, in a notebook those of the code cells read as one source."""
    return d.cells_region or (d.line, d.column, d.end_line, d.end_column)


def artifact_locations(diagnostics: Sequence[Diagnostic], root: Path) -> dict[str, dict[str, str]]:
    """Each reported path's location, made once per path (a large file has thousands of reports)."""
    return {path: artifact_location(path, root) for path in dict.fromkeys(d.path for d in diagnostics)}


def fingerprints(diagnostics: Sequence[Diagnostic], locations: dict[str, dict[str, str]]) -> Iterator[str]:
    """Each report's partial fingerprint: a hash of its code, its path and its line's text without the
    indentation, then which of the reports with those three it is (`:1`, `:2`, as GitHub numbers its own)."""
    programs: dict[str, list[str]] = {}
    seen: Counter[tuple[str, str, str]] = Counter()
    for d in diagnostics:
        lines = programs.get(d.path)
        if lines is None:
            lines = programs[d.path] = program_lines(d.path)
        line = region_of(d)[0]
        key = (d.code, locations[d.path]["uri"], lines[line - 1].strip() if line <= len(lines) else "")
        seen[key] += 1
        yield hashlib.sha256("\0".join(key).encode("utf-8")).hexdigest()[:32] + f":{seen[key]}"


def program_lines(path: str) -> list[str]:
    """The lines reports are placed on (a notebook's code cells read as one source); none when the file
    cannot be read now (a buffer from stdin, a file gone): the fingerprint then rests on code and path."""
    from zerograd_lint.files.notebook import NotebookError, read_notebook
    from zerograd_lint.files.source import UndecodableSource, decode_source

    try:
        text = decode_source(Path(path).read_bytes())
        return (read_notebook(text).source if path.endswith(".ipynb") else text).splitlines()
    except (OSError, UndecodableSource, NotebookError):
        return []


def result(d: Diagnostic, index: dict[str, int], rules: dict[str, Rule], location: dict[str, str], fingerprint: str) -> dict[str, Any]:
    line, column, end_line, end_column = region_of(d)
    message = d.message if d.cell is None else f"cell {d.cell}, line {d.line}: {d.message}"
    item: dict[str, Any] = {
        "ruleId": d.code,
        "level": level_of(rules.get(d.code)),
        "message": {"text": message},
        "locations": [
            {
                "physicalLocation": {
                    "artifactLocation": location,
                    "region": {"startLine": line, "startColumn": column, "endLine": end_line, "endColumn": end_column},
                }
            }
        ],
        "partialFingerprints": {FINGERPRINT: fingerprint},
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
    locations = artifact_locations(diagnostics, root)
    repository = repository_url()
    log = {
        "$schema": SCHEMA_URI,
        "version": "2.1.0",
        "runs": [
            {
                "tool": {
                    "driver": {
                        "name": "zerograd-lint",
                        "version": __version__,
                        **({"informationUri": repository} if repository else {}),
                        "rules": [rule_descriptor(rule) for rule in rules],
                    }
                },
                "originalUriBaseIds": {SOURCE_ROOT: {"uri": root.as_uri().rstrip("/") + "/"}},
                "columnKind": "unicodeCodePoints",
                "results": [
                    result(d, index, by_code, locations[d.path], fingerprint)
                    for d, fingerprint in zip(diagnostics, fingerprints(diagnostics, locations))
                ],
            }
        ],
    }
    return json.dumps(log, indent=2) + "\n"
