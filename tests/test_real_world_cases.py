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
import re
from pathlib import Path

import pytest

from conftest import run_cli

CASES = Path(__file__).resolve().parent / "data" / "real_world_cases"
EXPECT = re.compile(r"^#\s*expect:\s*(.+?)\s*$")
REPORT = re.compile(r"^(ZG\d{3})\s+(\d+):(\d+)$")


def expected_reports(path: Path) -> list[tuple[str, int, int]]:
    """The `# expect:` header of a case file, as sorted (code, line, column)."""
    found: list[tuple[str, int, int]] = []
    clean = False
    for text in path.read_text(encoding="utf-8").splitlines():
        match = EXPECT.match(text)
        if not match:
            continue
        value = match.group(1)
        if value == "clean":
            clean = True
            continue
        report = REPORT.match(value)
        assert report, f"{path.name}: bad expect line {text!r}"
        found.append((report.group(1), int(report.group(2)), int(report.group(3))))
    assert clean != bool(found), f"{path.name}: needs either `# expect: clean` or `# expect: CODE line:col` lines"
    return sorted(found)


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
