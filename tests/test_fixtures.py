"""The fixtures are the project's oracle: runnable training scripts whose headers say, per RULES.md,
exactly which reports the checker must make (`# expect: ZG101 24:9`) or that it must make none
(`# expect: clean`).

Three things are checked here:
1. the real CLI, run once over `fixtures/` with `--select ALL`, reports for each fixture exactly
   the (code, line, column) set its header lists;
2. every header is well formed and consistent with the file name and the rule catalogue;
3. every runnable fixture really runs (one subprocess, torch imported once), and the ones marked
   `# raises: X` raise exactly X (marked `slow`: the fixtures' own check, not the checker's).
"""

from __future__ import annotations

import builtins
import json
import re
import subprocess
import sys
import textwrap
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from conftest import FIXTURES, REPO, cli_env, run_cli
from expect import CLEAN, header_line, report_of

RULE_CODES = {
    "ZG000", "ZG101", "ZG102", "ZG103", "ZG104", "ZG105", "ZG201", "ZG202", "ZG203", "ZG204",
    "ZG301", "ZG302", "ZG401", "ZG402", "ZG403", "ZG404", "ZG501", "ZG601", "ZG602",
}
NAME = re.compile(r"^(?:zg(\d{3})|ok)_[a-z0-9_]+\.py$")


@dataclass
class Header:
    path: Path
    docstring: str = ""
    expected: set[tuple[str, int, int]] = field(default_factory=set)
    clean: bool = False
    raises: str | None = None
    runnable: bool = True
    problems: list[str] = field(default_factory=list)


def read_header(path: Path) -> Header:
    """The docstring, then the comment lines right after it; anything malformed goes to `problems`."""
    header = Header(path)
    text = path.read_text(encoding="utf-8")
    if not text.startswith('"""'):
        header.problems.append("does not start with a module docstring")
        return header
    end = text.find('"""', 3)
    if end < 0:
        header.problems.append("unterminated module docstring")
        return header
    header.docstring = text[3:end].strip()
    rest = text[end + 3:].split("\n")
    if rest[0].strip():
        header.problems.append("text after the closing docstring quotes")
    for line in rest[1:]:
        if not line.startswith("#"):
            break
        key, value = header_line(line) or ("", "")
        if key == "expect" and (report := report_of(value)):
            if report in header.expected:
                header.problems.append(f"duplicate expect line: {line}")
            header.expected.add(report)
        elif key == "expect" and value == CLEAN:
            if header.clean:
                header.problems.append("`# expect: clean` given twice")
            header.clean = True
        elif key == "raises" and value.isidentifier():
            if header.raises:
                header.problems.append("more than one `# raises:` line")
            header.raises = value
        elif key == "runnable" and value == "no":
            header.runnable = False
        else:
            header.problems.append(f"unrecognised header line: {line!r}")
    if header.clean and header.expected:
        header.problems.append("`# expect: clean` together with expected reports")
    if not header.clean and not header.expected:
        header.problems.append("no `# expect:` line")
    return header


FIXTURE_PATHS = sorted(FIXTURES.glob("*.py"))
HEADERS = {path.name: read_header(path) for path in FIXTURE_PATHS}
RUNNABLE = [name for name, header in HEADERS.items() if header.runnable]


def fixture_ids(names):
    return [name.removesuffix(".py") for name in names]


def test_there_are_fixtures_for_every_rule():
    covered = {code for header in HEADERS.values() for code, _, _ in header.expected}
    assert RULE_CODES <= covered, f"rules with no buggy fixture: {sorted(RULE_CODES - covered)}"
    assert sum(header.clean for header in HEADERS.values()) >= 20


@pytest.mark.parametrize("name", list(HEADERS), ids=fixture_ids(HEADERS))
def test_header_is_valid(name):
    header = HEADERS[name]
    assert not header.problems, header.problems
    assert header.docstring, "empty module docstring"
    match = NAME.match(name)
    assert match, f"{name}: fixtures are named zgNNN_<shape>.py or ok_<pattern>.py"
    codes = {code for code, _, _ in header.expected}
    assert codes <= RULE_CODES, f"unknown codes {sorted(codes - RULE_CODES)}"
    if match.group(1):
        assert f"ZG{match.group(1)}" in codes, "a zgNNN_ fixture must expect its own code"
    else:
        assert header.clean, "an ok_ fixture must be `# expect: clean`"
    assert header.runnable == (codes != {"ZG000"}), "only ZG000 fixtures are `# runnable: no`"
    if header.raises:
        exception = getattr(builtins, header.raises, None)
        assert isinstance(exception, type) and issubclass(exception, BaseException), header.raises
    lines = header.path.read_text(encoding="utf-8").split("\n")
    for code, row, col in header.expected:
        assert 1 <= row <= len(lines), f"{code} {row}:{col}: no such line"
        assert 1 <= col <= max(1, len(lines[row - 1])), f"{code} {row}:{col}: no such column"
        if code != "ZG000":
            assert not lines[row - 1][col - 1].isspace(), f"{code} {row}:{col} points at whitespace"


def test_readme_lists_every_fixture():
    readme = (FIXTURES / "README.md").read_text(encoding="utf-8")
    missing = [name for name in HEADERS if name not in readme]
    assert not missing, f"fixtures/README.md does not list {missing}"


# --- 1. the CLI against the headers ------------------------------------------------------------


@pytest.fixture(scope="module")
def cli_run():
    """The one CLI run over the whole folder that every comparison below reads."""
    return run_cli("check", "--select", "ALL", "--format", "json", "fixtures")


@pytest.fixture(scope="module")
def reports_by_fixture(cli_run):
    try:
        items = json.loads(cli_run.stdout)
    except json.JSONDecodeError:
        pytest.fail(f"no JSON from the CLI (exit {cli_run.returncode}):\n{cli_run.stderr[-3000:]}")
    grouped: dict[str, set[tuple[str, int, int]]] = defaultdict(set)
    messages: dict[tuple[str, str, int, int], str] = {}
    for item in items:
        name = Path(item["path"]).name
        key = (item["code"], item["line"], item["column"])
        grouped[name].add(key)
        messages[(name, *key)] = item.get("message", "")
    return grouped, messages


def test_cli_over_fixtures_exits_1_without_internal_errors(cli_run, reports_by_fixture):
    grouped, _ = reports_by_fixture
    assert cli_run.returncode == 1, f"exit status {cli_run.returncode}\n{cli_run.stderr[-3000:]}"
    assert not cli_run.stderr.strip(), cli_run.stderr[-3000:]
    unknown = set(grouped) - set(HEADERS)
    assert not unknown, f"reports for files that are not fixtures: {sorted(unknown)}"


@pytest.mark.parametrize("name", list(HEADERS), ids=fixture_ids(HEADERS))
def test_cli_reports_match_header(name, reports_by_fixture):
    grouped, messages = reports_by_fixture
    expected = HEADERS[name].expected
    actual = grouped.get(name, set())
    missing = sorted(expected - actual)
    unexpected = sorted(actual - expected)
    detail = [f"missing    {c} {r}:{k}" for c, r, k in missing]
    detail += [f"unexpected {c} {r}:{k}  {messages.get((name, c, r, k), '')}" for c, r, k in unexpected]
    assert actual == expected, f"{name}:\n  " + "\n  ".join(detail)


# --- 3. the fixtures run -------------------------------------------------------------------------

RUNNER = textwrap.dedent(
    """
    import contextlib, io, json, runpy, sys, traceback
    import torch

    results = {}
    for path in sys.argv[1:]:
        sys.argv[:] = [path]
        out = io.StringIO()
        try:
            with contextlib.redirect_stdout(out), contextlib.redirect_stderr(out):
                runpy.run_path(path, run_name="__main__")
            results[path] = {"raised": None}
        except SystemExit as exc:
            results[path] = {"raised": None if exc.code in (None, 0) else "SystemExit", "message": repr(exc.code)}
        except BaseException as exc:
            results[path] = {
                "raised": type(exc).__name__,
                "message": str(exc)[:300],
                "traceback": traceback.format_exc()[-2000:],
            }
        results[path]["output_tail"] = out.getvalue()[-500:]
    sys.stdout.write("\\n" + json.dumps(results))
    """
)


@pytest.fixture(scope="module")
def run_results():
    paths = [str(FIXTURES / name) for name in RUNNABLE]
    proc = subprocess.run(
        [sys.executable, "-c", RUNNER, *paths],
        check=False, cwd=REPO, env=cli_env(), capture_output=True, text=True, timeout=300,
    )
    assert proc.returncode == 0, proc.stderr[-3000:]
    results = json.loads(proc.stdout.strip().splitlines()[-1])
    return {Path(path).name: result for path, result in results.items()}


@pytest.mark.slow  # torch imported and a hundred scripts trained: checks the fixtures, not the checker
@pytest.mark.torch
@pytest.mark.parametrize("name", RUNNABLE, ids=fixture_ids(RUNNABLE))
def test_fixture_runs(name, run_results):
    result = run_results[name]
    expected = HEADERS[name].raises
    assert result["raised"] == expected, (
        f"{name}: expected {expected or 'a clean exit'}, got {result['raised'] or 'a clean exit'}\n"
        f"{result.get('traceback') or result.get('message') or ''}\n{result['output_tail']}"
    )
