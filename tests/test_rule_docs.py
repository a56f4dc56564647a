"""Rule documentation through the real CLI, and docs/rules.md kept current with the rules."""

from __future__ import annotations

from pathlib import Path

from tests.conftest import REPO, CliInterpreter
from zerograd_lint.rules import all_rules, rule_by_code
from zerograd_lint.rules.pages import GENERATE_COMMAND, rule_page, rules_document

SECTIONS = ("## What it does", "## Why is this bad?", "## Example", "## Use instead", "## Known limits")


def test_rule_page_has_every_section_in_order(cli_here: CliInterpreter) -> None:
    proc = cli_here("rule", "ZG000")
    assert proc.returncode == 0
    assert proc.stdout.startswith("# ZG000 parse-error\n\nSeverity: error. On by default.")
    positions = [proc.stdout.index(section) for section in SECTIONS]
    assert positions == sorted(positions)
    assert "```python\nfor batch in loader\n" in proc.stdout


def test_every_rule_has_a_complete_page(cli_here: CliInterpreter) -> None:
    for rule in all_rules():
        page = rule_page(rule)
        assert page.startswith(f"# {rule.code} {rule.name}\n")
        assert all(section in page for section in SECTIONS[:4]), rule.code
    real = cli_here("rule", "zg101")
    assert real.returncode == 0 and real.stdout == rule_page(rule_by_code("ZG101"))


def test_off_by_default_rule_says_how_to_turn_it_on(tmp_path: Path, cli_here_with_test_rules: CliInterpreter) -> None:
    proc = cli_here_with_test_rules("rule", "ZG991", cwd=tmp_path)
    assert "Off by default (turn it on with `--extend-select ZG991`)." in proc.stdout


def test_list_all_shows_severity_and_default(tmp_path: Path, cli_here_with_test_rules: CliInterpreter) -> None:
    proc = cli_here_with_test_rules("rule", "--all", cwd=tmp_path)
    assert proc.returncode == 0
    rows = [line.split() for line in proc.stdout.splitlines()]
    assert rows[0] == ["code", "name", "severity", "default", "fixable"]
    assert ["ZG990", "synthetic-bug", "error", "on", "no"] in rows
    assert ["ZG991", "synthetic-style", "style", "off", "no"] in rows


def test_unknown_code_and_missing_argument_are_usage_errors(cli_here: CliInterpreter) -> None:
    unknown = cli_here("rule", "ZG999")
    assert unknown.returncode == 2 and "unknown rule 'ZG999'" in unknown.stderr
    assert "ZG101 (missing-zero-grad)" in unknown.stderr
    assert cli_here("rule").returncode == 2


def test_a_rule_by_name_is_its_page(cli_here: CliInterpreter) -> None:
    by_name = cli_here("rule", "missing-zero-grad")
    assert by_name.returncode == 0, by_name.stderr
    assert by_name.stdout == cli_here("rule", "ZG101").stdout


def test_docs_rules_md_is_current() -> None:
    current = (REPO / "docs" / "rules.md").read_text()
    assert current == rules_document(all_rules()), f"docs/rules.md is stale: run `{GENERATE_COMMAND}`"


def test_markdown_listing_is_the_document(cli_here: CliInterpreter) -> None:
    assert cli_here("rule", "--all", "--format", "markdown").stdout == rules_document(all_rules())
