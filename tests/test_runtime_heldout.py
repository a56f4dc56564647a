"""The runtime guard on held-out runnable scripts, labelled from RULES.md alone.

tests/data/runtime_scripts_heldout/ holds small seeded CPU training scripts,
buggy and correct, for the codes the guard observes. Each runs under the guard
in this process (torch is imported once), as `zerograd-lint run` runs it, and
its findings (code, line, column) must equal its `# expect:` header (the
format of tests/data/real_world_cases/).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from expect import expected_reports

from zerograd_lint.runtime.script import run_script

pytestmark = [pytest.mark.slow, pytest.mark.torch]

SCRIPTS = sorted((Path(__file__).resolve().parent / "data" / "runtime_scripts_heldout").glob("*.py"))


def test_there_are_scripts() -> None:
    assert len(SCRIPTS) >= 20


@pytest.mark.parametrize("script", SCRIPTS, ids=[s.stem for s in SCRIPTS])
def test_runtime_findings_match_header(script: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)  # whatever the script writes stays out of the checkout
    outcome = run_script(str(script))
    shown = "\n".join(f"{d.line}:{d.column} {d.code} {d.message}" for d in outcome.findings)
    assert sorted((d.code, d.line, d.column) for d in outcome.findings) == expected_reports(script), shown
