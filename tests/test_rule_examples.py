"""Every rule's own examples: VALID ones stay silent, INVALID ones report exactly where marked."""

from __future__ import annotations

import pytest

from zerograd_lint.core.engine import analyze_source
from zerograd_lint.rules import all_rules, expected_reports

EXAMPLES = [
    pytest.param(rule.code, kind, index, source, id=f"{rule.code}-{kind}-{index}")
    for rule in all_rules()
    for kind, examples in (("valid", rule.valid), ("invalid", rule.invalid))
    for index, source in enumerate(examples)
]


@pytest.mark.parametrize("code, kind, index, source", EXAMPLES)
def test_example(code: str, kind: str, index: int, source: str) -> None:
    reported = [(d.line, d.code) for d in analyze_source(source, "example.py") if d.code == code]
    expected = expected_reports(source) if kind == "invalid" else []
    assert sorted(reported) == sorted((line, c) for line, c in expected if c == code)
    if kind == "invalid":
        assert expected, "an INVALID example must mark at least one report with `# <- CODE`"


def test_codes_are_unique_and_documented() -> None:
    codes = [rule.code for rule in all_rules()]
    assert len(codes) == len(set(codes))
    for rule in all_rules():
        assert rule.severity in {"error", "warning", "style"}
        assert rule.what and rule.why and rule.example and rule.use_instead
        if rule.check is not None:
            assert rule.valid and rule.invalid, f"{rule.code} needs VALID and INVALID examples"
