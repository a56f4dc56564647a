"""Reproductions of what the linter got wrong (or must keep getting right) on public code.

Each file in tests/data/real_world_cases/ is a small program modelled on a
pattern seen in a public repository (see its docstring and docs/real-world.md).
Its header says what RULES.md requires:

    # expect: ZG101 12:5     (code line:col, 1-based, one line per report)
    # expect: clean          (no report at all)

The real CLI runs once over the folder with `--select ALL --format json`, and
each file's reports must equal its header exactly.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import run_cli
from expect import expected_reports

CASES = Path(__file__).resolve().parent / "data" / "real_world_cases"
CASE_FILES = sorted(CASES.glob("*.py"))


def reports_by_file_in(folder: Path) -> dict[str, list[tuple[str, int, int]]]:
    """One `check --select ALL` run over a folder: each file's reports, as sorted (code, line, column)."""
    proc = run_cli("check", "--select", "ALL", "--format", "json", str(folder))
    assert proc.returncode in (0, 1), proc.stderr
    by_file: dict[str, list[tuple[str, int, int]]] = {}
    for item in json.loads(proc.stdout):
        name = Path(item["path"]).name
        by_file.setdefault(name, []).append((item["code"], item["line"], item["column"]))
    return {name: sorted(items) for name, items in by_file.items()}


@pytest.fixture(scope="module")
def reports_by_file() -> dict[str, list[tuple[str, int, int]]]:
    return reports_by_file_in(CASES)


def test_there_are_cases() -> None:
    assert len(CASE_FILES) >= 5


@pytest.mark.parametrize("case", CASE_FILES, ids=[path.stem for path in CASE_FILES])
def test_real_world_case(case: Path, reports_by_file: dict[str, list[tuple[str, int, int]]]) -> None:
    assert reports_by_file.get(case.name, []) == expected_reports(case)
