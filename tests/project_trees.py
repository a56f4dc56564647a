"""What the tests of the project read as one program share: tests/data/project's trees, and a `check`'s reports.

tests/data/project/ holds small trees, one folder each; every file's `# expect:` header says what a `check` of its
folder reports in that file (a report on a line of another module is that module's: the step of `engine.py` that a
loop of `main.py` reaches is reported in `engine.py`). The headers are checked in two test files, half the trees
each (test_project_headers_first.py, test_project_headers_second.py): `--dist loadfile` gives a file to one worker,
and one run of every tree held a worker for a third of the quick path while the other had the rest.
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Callable

import pytest
from conftest import REPO, run_cli
from expect import expected_reports

TREES = REPO / "tests" / "data" / "project"
TREE_NAMES = sorted(path.name for path in TREES.iterdir() if path.is_dir())
FIRST_HALF, SECOND_HALF = TREE_NAMES[: len(TREE_NAMES) // 2], TREE_NAMES[len(TREE_NAMES) // 2 :]

CHECK = ("check", "--select", "ALL", "--format", "json")
Found = dict[str, list[tuple[str, int, int]]]


def reports_in(*args: str, cwd: Path = REPO, cli: Callable[..., subprocess.CompletedProcess[str]] = run_cli) -> Found:
    """`check --format json ARGS`: each file's reports (by its path relative to `cwd`), sorted. A process of its own
    by default (what the cache keeps between runs); `cli=cli_here`, the module's interpreter, for a run whose
    output alone is asked (`--no-cache`)."""
    return reports_of(cli(*CHECK, *args, cwd=cwd))


def reports_of(proc: subprocess.CompletedProcess[str]) -> Found:
    assert proc.returncode in (0, 1), proc.stderr
    found: Found = {}
    for item in json.loads(proc.stdout):
        found.setdefault(str(Path(item["path"])), []).append((item["code"], item["line"], item["column"]))
    return {path: sorted(items) for path, items in found.items()}


# The header checks, for a test module that names its trees `CHECKED_TREES` and imports these four names.


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """`tree`: each of the test module's `CHECKED_TREES`."""
    if "tree" in metafunc.fixturenames:
        metafunc.parametrize("tree", metafunc.module.CHECKED_TREES)


def check_of_trees(trees: list[str], hash_seed: str) -> subprocess.CompletedProcess[str]:
    """One `check` of the trees, each folder a path of its own: a run finds each module by its project and name, so a
    tree's files get the reports a check of that tree alone gives them (test_project_loops.py checks loops alone).
    In one process (`--jobs 1`): the test workers hold the cores already, and a worker of the run's own cost 7 s of
    CPU more over every tree (31 s against 24.5 s, most of it system time)."""
    return run_cli(*CHECK, "--no-cache", "--jobs", "1", *(str((TREES / tree).relative_to(REPO)) for tree in trees), hash_seed=hash_seed)


@pytest.fixture(scope="module")
def trees_run(request: pytest.FixtureRequest) -> subprocess.CompletedProcess[str]:
    """The module's trees checked in one run, under hash seed 0 (`test_the_trees_give_the_same_reports_under_another_hash_seed`
    sets it against 1)."""
    return check_of_trees(request.module.CHECKED_TREES, hash_seed="0")


@pytest.mark.slow  # every tree analysed (14 s of CPU a half); bench/real_world.py's labelled sets check the same headers
def test_each_file_gets_the_reports_its_header_says(tree: str, trees_run: subprocess.CompletedProcess[str]) -> None:
    found = reports_of(trees_run)
    for path in sorted((TREES / tree).rglob("*.py")):
        assert found.get(str(path.relative_to(REPO)), []) == expected_reports(path), path.name


@pytest.mark.slow
def test_the_trees_give_the_same_reports_under_another_hash_seed(
    request: pytest.FixtureRequest, trees_run: subprocess.CompletedProcess[str]
) -> None:
    """Python orders its sets of strings by a hash salted per process (`PYTHONHASHSEED`): no answer of the analysis
    may follow that order (tests/test_real_world_cases.py sets the two seeds against each other over its cases)."""
    again = check_of_trees(request.module.CHECKED_TREES, hash_seed="1")
    assert (again.returncode, again.stdout) == (trees_run.returncode, trees_run.stdout), again.stderr
