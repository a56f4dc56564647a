"""Rule documentation, rendered from the Rule fields and the rule's fix: the one
source for `zerograd-lint rule`, docs/rules.md (ruff's page layout) and the
table of docs/fixes.md."""

from __future__ import annotations

import sys
from functools import lru_cache
from pathlib import Path
from typing import Sequence

from zerograd_lint.base import __version__
from zerograd_lint.fixes import FIXES
from zerograd_lint.fixes.unfixable import WHY_NOT_FIXED
from zerograd_lint.rules import Rule

GENERATE_COMMAND = "zerograd-lint rule --all --format markdown > docs/rules.md"
FIXES_COMMAND = "python -m zerograd_lint.rules.pages docs/fixes.md"
# The generated part of docs/fixes.md lies between these lines.
FIXES_TABLE_START = f"<!-- The table is generated from the fixes by `{FIXES_COMMAND}`. -->"
FIXES_TABLE_END = "<!-- End of the generated table. -->"
UNSAFE_NOTE = " (unsafe fixes are applied only with `--unsafe-fixes`)."


def rule_url(code: str) -> str | None:
    """The rule's section of docs/rules.md in the repository zerograd-lint was installed from (each
    section has the anchor `#zgNNN`), or None when the package names no repository."""
    base = repository_url()
    return f"{base}/blob/HEAD/docs/rules.md#{code.lower()}" if base else None


@lru_cache(maxsize=None)
def repository_url() -> str | None:
    """The `Repository` (or `Source`) URL of pyproject.toml's `[project.urls]`, as the installed package's
    metadata gives it: the project has no site of its own, and its repository's address is known only to
    whoever publishes it."""
    for field in installed_metadata().splitlines():
        name, _, value = field.partition(":")
        label, _, url = value.partition(",")
        if name.strip().lower() == "project-url" and label.strip().lower() in ("repository", "source") and url.strip():
            return url.strip().rstrip("/")
    return None


def installed_metadata() -> str:
    """The header fields of this version's METADATA, where an install put it (`zerograd_lint-VERSION.dist-info`
    in a folder of sys.path, the first as importlib.metadata finds it); "" for code run from a checkout never
    installed. Read without importlib.metadata, whose import (email, zipfile, csv) costs the editor's first
    diagnostics more CPU than the rest of their publication."""
    for folder in sys.path:
        try:
            text = Path(folder or ".", f"zerograd_lint-{__version__}.dist-info", "METADATA").read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            continue
        return text.partition("\n\n")[0]  # the fields end at the first blank line, where the description starts
    return ""


def default_state(rule: Rule) -> str:
    return "on" if rule.enabled_by_default else "off"


def code_block(code: str) -> str:
    body = code.strip("\n")
    return f"```python\n{body}\n```"


def table_cell(text: str) -> str:
    return text.replace("|", "\\|")


def rule_page(rule: Rule, level: int = 1) -> str:
    """A rule's page in Markdown: what it does, why, an example, the fix, known limits."""
    heading = "#" * level
    sub = "#" * (level + 1)
    status = f"Severity: {rule.severity}. {'On' if rule.enabled_by_default else 'Off'} by default"
    if not rule.enabled_by_default:
        status += f" (turn it on with `--extend-select {rule.code}`)"
    fix = FIXES.get(rule.code)
    status += ". Fixable with `--fix`." if fix is not None else "."
    sections = [
        f"{heading} {rule.code} {rule.name}",
        status,
        rule.summary,
        f"{sub} What it does\n\n{rule.what}",
        f"{sub} Why is this bad?\n\n{rule.why}",
        f"{sub} Example\n\n{code_block(rule.example)}",
        f"{sub} Use instead\n\n{code_block(rule.use_instead)}",
    ]
    if fix is not None:
        sections.append(f"{sub} Fix\n\n{fix.does}\n\nApplicability: {fix.safety}{UNSAFE_NOTE if 'unsafe' in fix.safety else '.'}")
    elif rule.code in WHY_NOT_FIXED:
        sections.append(f"{sub} Fix\n\nNone: {WHY_NOT_FIXED[rule.code]}.")
    if rule.limits:
        sections.append(f"{sub} Known limits\n\n{rule.limits}")
    return "\n\n".join(sections) + "\n"


def rule_table(rules: Sequence[Rule]) -> str:
    """One line per rule: code, name, default severity, on or off by default."""
    width = max((len(rule.name) for rule in rules), default=0)
    lines = [f"{'code':<6} {'name':<{width}}  {'severity':<8}  default  fixable"]
    for rule in rules:
        fixable = "yes" if rule.code in FIXES else "no"
        lines.append(f"{rule.code:<6} {rule.name:<{width}}  {rule.severity:<8}  {default_state(rule):<7}  {fixable}")
    return "\n".join(lines) + "\n"


def rules_document(rules: Sequence[Rule]) -> str:
    """docs/rules.md: an index table, then every rule's page."""
    rows = [
        f"| [{r.code}](#{r.code.lower()}) | {r.name} | {r.severity} | {default_state(r)} | "
        f"{'yes' if r.code in FIXES else 'no'} | {table_cell(r.summary)} |"
        for r in rules
    ]
    header = [
        "# Rules",
        f"<!-- Generated from the rules' own fields by `{GENERATE_COMMAND}`. Do not edit by hand. -->",
        "\n".join(["| Code | Name | Severity | Default | Fixable | Summary |", "|---|---|---|---|---|---|", *rows]),
    ]
    pages = [f'<a id="{rule.code.lower()}"></a>\n\n{rule_page(rule, level=2).rstrip()}' for rule in rules]
    return "\n\n".join(header + pages) + "\n"


def fixes_table() -> str:
    """docs/fixes.md's table: each fix, what it does, how safe it is."""
    rows = [f"| {code} | {table_cell(FIXES[code].does)} | {table_cell(FIXES[code].safety)} |" for code in sorted(FIXES)]
    return "\n".join(["| Code | Fix | Applicability |", "|------|-----|---------------|", *rows])


def with_fixes_table(document: str) -> str:
    """The document with the text between the table's markers replaced by the table as generated."""
    start, end = document.index(FIXES_TABLE_START) + len(FIXES_TABLE_START), document.index(FIXES_TABLE_END)
    return f"{document[:start]}\n\n{fixes_table()}\n\n{document[end:]}"


if __name__ == "__main__":  # python -m zerograd_lint.rules.pages docs/fixes.md: regenerate the fixes table
    target = Path(sys.argv[1])
    target.write_text(with_fixes_table(target.read_text(encoding="utf-8")), encoding="utf-8")
