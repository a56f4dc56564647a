"""The one reader of the headers that say what a test file expects (fixtures/, tests/data/).

A header line is `# key: value`, written exactly so:

    # expect: ZG101 24:9     one line per required report: code, 1-based line:column
    # expect: clean          no report at all
    # raises: RuntimeError   what running the script raises (runtime tests)
    # runnable: no           a file that must not be run (ZG000 fixtures)
"""

from __future__ import annotations

import re
from pathlib import Path

HEADER_LINE = re.compile(r"^# (expect|raises|runnable): (\S(?:.*\S)?)$")
REPORT = re.compile(r"^(ZG\d{3}) (\d+):(\d+)$")
CLEAN = "clean"

Report = tuple[str, int, int]  # (code, line, column), 1-based


def header_line(line: str) -> tuple[str, str] | None:
    """`("expect", "ZG101 24:9")` for a header line, None for any other line."""
    match = HEADER_LINE.match(line)
    return (match.group(1), match.group(2)) if match else None


def header_values(source: str, key: str) -> list[str]:
    """The values of every `# key: ...` line of a source, in order."""
    return [found[1] for line in source.splitlines() if (found := header_line(line)) and found[0] == key]


def report_of(value: str) -> Report | None:
    """`("ZG101", 24, 9)` for an expect value `ZG101 24:9`, None when it is not one."""
    match = REPORT.match(value)
    return (match.group(1), int(match.group(2)), int(match.group(3))) if match else None


def expected_reports(path: Path) -> list[Report]:
    """A file's `# expect:` header, as sorted reports; it must say `clean` or list reports, not both."""
    values = header_values(path.read_text(encoding="utf-8"), "expect")
    reports = []
    for value in values:
        if value != CLEAN:
            report = report_of(value)
            assert report, f"{path.name}: bad expect line `# expect: {value}`"
            reports.append(report)
    assert (CLEAN in values) != bool(reports), f"{path.name}: needs either `# expect: clean` or `# expect: CODE line:col` lines"
    return sorted(reports)


def expected_error(source: str) -> str | None:
    """The exception named by `# raises:`, or None."""
    return next(iter(header_values(source, "raises")), None)


def runnable(source: str) -> bool:
    return header_values(source, "runnable") != ["no"]
