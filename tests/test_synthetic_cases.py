"""Held-out synthetic cases: small programs labelled from RULES.md alone.

tests/data/synthetic/ holds programs written by someone who had not read the
rules' examples, the fixtures or the other test data: for each code, buggy
variants and tricky-but-correct ones (helpers, trainer classes, while loops,
try/finally, GANs, AMP, accumulation counters, correlated conditions,
Accelerate/DeepSpeed/Lightning/Fabric idioms). Each file's `# expect:` header
says what RULES.md requires (the format of tests/data/real_world_cases/; a
`# needs: --extend-select ...` line marks the cases about opt-in codes, which
`--select ALL` turns on).

The real CLI runs once over the folder and each file's reports must equal its
header exactly.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from expect import expected_reports
from test_real_world_cases import reports_by_file_in

CASES = Path(__file__).resolve().parent / "data" / "synthetic"
CASE_FILES = sorted(CASES.glob("*.py"))


@pytest.fixture(scope="module")
def reports_by_file() -> dict[str, list[tuple[str, int, int]]]:
    return reports_by_file_in(CASES)


def test_there_are_cases() -> None:
    assert len(CASE_FILES) >= 100


@pytest.mark.parametrize("case", CASE_FILES, ids=[path.stem for path in CASE_FILES])
def test_synthetic_case(case: Path, reports_by_file: dict[str, list[tuple[str, int, int]]]) -> None:
    assert reports_by_file.get(case.name, []) == expected_reports(case)
