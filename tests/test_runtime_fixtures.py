"""The verification harness: torch confirms, fixture by fixture, what the static analysis claims.

Every runnable fixture is executed under the guard, in this process (torch is
imported once), exactly as `zerograd-lint run` executes it. For every code the
runtime can observe, the runtime findings and the static findings must be the
same (code, line, column); a fixture expected clean must show nothing at run
time; and the script must raise exactly what its `# raises:` header says.
A disagreement is a bug in one of the two sides, never something to skip.

ZG301 is the one report about what *may* happen: the static analysis reports
every unchecked `.grad` dereference, the runtime sees only those that met a
`None` (and then the script raises). So every runtime ZG301 must be a static
one, and a static ZG301 is confirmed when the run dereferences a `None` there.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import FIXTURES
from expect import CLEAN, expected_error, header_values, runnable

from zerograd_lint.core.engine import analyze_source
from zerograd_lint.runtime import RUNTIME_CODES
from zerograd_lint.runtime.script import run_script

pytestmark = [pytest.mark.slow, pytest.mark.torch]

MAY_HAPPEN = frozenset({"ZG301"})


FIXTURE_FILES = sorted(
    f for f in FIXTURES.glob("**/*.py") if runnable(f.read_text(encoding="utf-8"))
)


def positions(diagnostics, codes: frozenset[str]) -> list[tuple[int, int, str]]:
    return sorted((d.line, d.column, d.code) for d in diagnostics if d.code in codes)


def test_every_runtime_code_is_expected_by_a_runnable_fixture() -> None:
    """The agreement below covers every code the guard can observe, not only the older ones."""
    expected = {report.split()[0] for f in FIXTURE_FILES for report in header_values(f.read_text(encoding="utf-8"), "expect")}
    assert RUNTIME_CODES <= expected, sorted(RUNTIME_CODES - expected)


@pytest.mark.parametrize("fixture", FIXTURE_FILES, ids=[str(f.relative_to(FIXTURES)) for f in FIXTURE_FILES])
def test_runtime_agrees_with_static(fixture: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    source = fixture.read_text(encoding="utf-8")
    monkeypatch.chdir(tmp_path)  # whatever the script writes stays out of the checkout
    outcome = run_script(str(fixture))
    static = analyze_source(source, str(fixture))
    shown = "\n".join(f"runtime {d.line}:{d.column} {d.code} {d.message}" for d in outcome.findings)
    must_happen = RUNTIME_CODES - MAY_HAPPEN
    assert positions(outcome.findings, must_happen) == positions(static, must_happen), shown
    assert set(positions(outcome.findings, MAY_HAPPEN)) <= set(positions(static, MAY_HAPPEN)), shown
    if header_values(source, "expect") == [CLEAN]:
        assert outcome.findings == ()
    raises = expected_error(source)
    assert outcome.error == raises
    assert outcome.exit_status == (0 if raises is None else 1)
