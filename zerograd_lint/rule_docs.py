"""Rule documentation, rendered from the Rule fields: the one source for
`zerograd-lint rule` and docs/rules.md (ruff's page layout)."""

from __future__ import annotations

from typing import Sequence

from zerograd_lint.rules import Rule

GENERATE_COMMAND = "zerograd-lint rule --all --format markdown > docs/rules.md"


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
    status += ". Fixable with `--fix`." if rule.fixable else "."
    sections = [
        f"{heading} {rule.code} {rule.name}",
        status,
        rule.summary,
        f"{sub} What it does\n\n{rule.what}",
        f"{sub} Why is this bad?\n\n{rule.why}",
        f"{sub} Example\n\n{code_block(rule.example)}",
        f"{sub} Use instead\n\n{code_block(rule.use_instead)}",
    ]
    if rule.limits:
        sections.append(f"{sub} Known limits\n\n{rule.limits}")
    return "\n\n".join(sections) + "\n"


def rule_table(rules: Sequence[Rule]) -> str:
    """One line per rule: code, name, default severity, on or off by default."""
    width = max((len(rule.name) for rule in rules), default=0)
    lines = [f"{'code':<6} {'name':<{width}}  {'severity':<8}  default  fixable"]
    for rule in rules:
        fixable = "yes" if rule.fixable else "no"
        lines.append(f"{rule.code:<6} {rule.name:<{width}}  {rule.severity:<8}  {default_state(rule):<7}  {fixable}")
    return "\n".join(lines) + "\n"


def rules_document(rules: Sequence[Rule]) -> str:
    """docs/rules.md: an index table, then every rule's page."""
    rows = [
        f"| [{r.code}](#{r.code.lower()}) | {r.name} | {r.severity} | {default_state(r)} | "
        f"{'yes' if r.fixable else 'no'} | {table_cell(r.summary)} |"
        for r in rules
    ]
    header = [
        "# Rules",
        f"<!-- Generated from the rules' own fields by `{GENERATE_COMMAND}`. Do not edit by hand. -->",
        "\n".join(["| Code | Name | Severity | Default | Fixable | Summary |", "|---|---|---|---|---|---|", *rows]),
    ]
    pages = [f'<a id="{rule.code.lower()}"></a>\n\n{rule_page(rule, level=2).rstrip()}' for rule in rules]
    return "\n\n".join(header + pages) + "\n"
