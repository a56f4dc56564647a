"""`zerograd-lint explain` through the real CLI: the same reports as `check` (same reading,
limits, engine, configuration and noqa), each once, found by line, in files and notebooks."""

from __future__ import annotations

import json
import re
import shutil
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.conftest import FIXTURES, CliInterpreter
from tests.test_notebook import notebook

REPORT = re.compile(r"^\s+(?P<code>ZG\d{3}) (?:cell (?P<cell>\d+), )?line (?P<line>\d+):(?P<column>\d+) (?P<message>.*)$")
HEADER = re.compile(r"^(?P<path>\S.*?): (?:training loop|step body|reports)")


def explained_reports(output: str) -> Counter:
    """(path, cell, line, column, code, message) of every report explain printed, with how often."""
    found: Counter = Counter()
    path = None
    for text in output.splitlines():
        header = HEADER.match(text)
        if header:
            path = header["path"]
        report = REPORT.match(text)
        if report:
            cell = int(report["cell"]) if report["cell"] else None
            found[path, cell, int(report["line"]), int(report["column"]), report["code"], report["message"]] += 1
    return found


def checked_reports(cli: CliInterpreter, *args: str, cwd: Path) -> Counter:
    proc = cli("check", "--format", "json", "--no-cache", *args, cwd=cwd)
    assert proc.returncode in (0, 1), proc.stderr
    return Counter(
        (item["path"], item.get("cell"), item["line"], item["column"], item["code"], item["message"])
        for item in json.loads(proc.stdout)
    )


@pytest.mark.slow  # explain and check over every fixture: seconds of CPU; the tests below compare them file by file
def test_explain_shows_each_report_check_makes_once(every_fixture_explained: ExplainedFolder) -> None:
    """Every fixture at once: nested loops, helpers, step bodies, syntax errors, clean files."""
    explained = every_fixture_explained
    assert explained.files >= {path.name for path in FIXTURES.glob("*.py")}
    assert explained_reports(explained.output) == explained.checked
    assert explained.output.count("How to read a timeline") == 1  # the legend, once for all files
    assert "  a | b " in explained.output and "  a + b " in explained.output


def test_explain_line_finds_the_report_in_a_helper(cli_here: CliInterpreter) -> None:
    """zg101_helper_method.py reports ZG101 in `_step` (line 19), called from the loop at line 25."""
    proc = cli_here("explain", "zg101_helper_method.py:19", cwd=FIXTURES)
    assert proc.returncode == 0, proc.stderr
    assert [key[2:5] for key in explained_reports(proc.stdout)] == [(19, 9, "ZG101")]
    past_the_end = cli_here("explain", "zg101_helper_method.py:9999", cwd=FIXTURES)
    line_count = len((FIXTURES / "zg101_helper_method.py").read_text().splitlines())
    assert past_the_end.stdout == f"zg101_helper_method.py: no line 9999: the file has {line_count} lines\n"


def test_explain_honours_configuration_and_noqa(tmp_path: Path, cli_here: CliInterpreter) -> None:
    source = (FIXTURES / "zg101_clear_per_epoch.py").read_text()
    (tmp_path / "train.py").write_text(source)
    (tmp_path / "quiet.py").write_text(source.replace("optimizer.step()\n", "optimizer.step()  # noqa: ZG101\n"))
    assert explained_reports(cli_here("explain", "train.py", "quiet.py", cwd=tmp_path).stdout).keys() == {
        key for key in checked_reports(cli_here, "train.py", cwd=tmp_path)
    }
    (tmp_path / "pyproject.toml").write_text('[tool.zerograd-lint]\nignore = ["ZG101"]\n')
    proc = cli_here("explain", "train.py", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert "training loop at line 19" in proc.stdout and not explained_reports(proc.stdout)


def test_explain_refuses_what_check_refuses_with_the_same_report(tmp_path: Path, cli_here: CliInterpreter) -> None:
    """A 20 MB file: check's ZG000, not an analysis that runs for minutes and gigabytes."""
    (tmp_path / "huge.py").write_text("for x in data:\n    loss.backward()\n    opt.step()\n" + "x = 1\n" * 3_500_000)
    (tmp_path / "latin.py").write_bytes(b"for x in data:\n    loss.backward()\n    opt.step()  # \xe9\n")
    explained = cli_here("explain", "huge.py", "latin.py", cwd=tmp_path)
    checked = cli_here("check", "--no-cache", "huge.py", "latin.py", cwd=tmp_path)
    assert explained.returncode == 0, explained.stderr
    assert [line for line in explained.stdout.splitlines() if line] == checked.stdout.splitlines()
    assert "huge.py:1:1: ZG000 file too large to analyse (20.0 MiB; the limit is 4 MiB)" in explained.stdout


def test_explain_a_notebook_by_cell(tmp_path: Path, cli_here: CliInterpreter) -> None:
    (tmp_path / "train.ipynb").write_text(notebook(
        ("code", "import torch\nmodel = torch.nn.Linear(4, 1)\noptimizer = torch.optim.SGD(model.parameters(), lr=0.1)\n"),
        ("code", "def broken(:\n    pass\n"),
        ("markdown", "## Train"),
        ("code", "losses = []\n"),
        ("code", "for batch in torch.randn(8, 4).split(2):\n    loss = model(batch).sum()\n    loss.backward()\n"
                 "    optimizer.step(\n    )\n"),
    ))
    (tmp_path / "empty.ipynb").write_text("")
    whole = cli_here("explain", "train.ipynb", "empty.ipynb", cwd=tmp_path)
    assert whole.returncode == 0, whole.stderr
    assert explained_reports(whole.stdout) == checked_reports(cli_here, "train.ipynb", "empty.ipynb", cwd=tmp_path)
    assert "train.ipynb: training loop at cell 5, line 1 (in module)" in whole.stdout
    assert "  cell 5:4   step            optimizer.step()" in whole.stdout  # one line, as written on one
    assert "empty.ipynb: no training loop or step body found" in whole.stdout
    by_cell = cli_here("explain", "train.ipynb:cell 5:4", cwd=tmp_path)
    assert by_cell.returncode == 0, by_cell.stderr
    assert [(key[1], key[2], key[4]) for key in explained_reports(by_cell.stdout)] == [(5, 4, "ZG101")]
    assert "in the loop at line 1: nothing clears them between `loss.backward()` (line 3)" in by_cell.stdout
    assert cli_here("explain", "train.ipynb:cell 4:9", cwd=tmp_path).stdout == (
        "train.ipynb: no line 9 in cell 4: it has 1 line\n"
    )


HELPER_LOOP = """\
import torch


def run_one_epoch(model, optimizer, loader):
    for x, y in loader:
        loss = ((model(x) - y) ** 2).mean()
        loss.backward()
        optimizer.step()


def main():
    model = torch.nn.Linear(4, 1)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    loader = [(torch.randn(8, 4), torch.randn(8, 1)) for _ in range(4)]
    for epoch in range(3):
        run_one_epoch(model, optimizer, loader)


main()
"""
AUTOGRAD_FUNCTION = """\
import torch
import torch.distributed as dist


class AllReduce(torch.autograd.Function):
    @staticmethod
    def forward(ctx, tensor):
        out = tensor.clone()
        dist.all_reduce(out)
        return out

    @staticmethod
    def backward(ctx, grad):
        return grad


model = torch.nn.Linear(4, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
for x in torch.randn(8, 4).split(2):
    loss = AllReduce.apply(model(x)).sum()
    loss.backward()
    optimizer.step()
"""
TIMELINE = re.compile(r"^  line +(?P<line>\d+)  (?P<kind>.{15}) (?P<text>\S.*?)(?:  \[.*\])?$")


def blocks(output: str) -> list[list[str]]:
    """explain's output, one list of lines per training loop or step body."""
    found: list[list[str]] = []
    for text in output.splitlines():
        if HEADER.match(text) and ": reports" not in text:
            found.append([text])
        elif found and text.strip() and not text.startswith("How to read"):
            found[-1].append(text)
        elif text.startswith("How to read"):
            break
    return found


@dataclass(frozen=True)
class ExplainedFolder:
    folder: Path
    files: frozenset[str]
    output: str  # what explain printed for all the files at once
    checked: Counter  # check's reports of the same files (`checked_reports`)


@pytest.fixture(scope="module")
def every_fixture_explained(tmp_path_factory: pytest.TempPathFactory, cli_here: CliInterpreter) -> ExplainedFolder:
    """explain and check, once each, over every fixture and the shapes above, side by side in one folder: the slow
    tests read the same two runs (each run over every fixture costs seconds of CPU)."""
    folder = tmp_path_factory.mktemp("every-fixture")
    for name, text in {"helper_loop.py": HELPER_LOOP, "autograd_function.py": AUTOGRAD_FUNCTION}.items():
        (folder / name).write_text(text)
    for fixture in FIXTURES.glob("*.py"):
        shutil.copy(fixture, folder / fixture.name)
    files = sorted(path.name for path in folder.glob("*.py"))
    proc = cli_here("explain", *files, cwd=folder)
    assert proc.returncode == 0, proc.stderr
    return ExplainedFolder(folder, frozenset(files), proc.stdout, checked_reports(cli_here, *files, cwd=folder))


def test_a_loop_is_named_after_the_function_it_is_written_in(tmp_path: Path, cli_here: CliInterpreter) -> None:
    """The loop of `run_one_epoch`, called from `main`'s loop (itself run from the module), is `run_one_epoch`'s,
    and holds the report; `main`'s loop points to it instead of saying it has none."""
    (tmp_path / "train.py").write_text(HELPER_LOOP)
    proc = cli_here("explain", "train.py", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    helper, caller = blocks(proc.stdout)
    assert helper[0] == "train.py: training loop at line 5 (in `run_one_epoch`)"
    assert [line for line in helper if line.lstrip().startswith("ZG101 line 8:9 ")]
    assert caller[0] == "train.py: training loop at line 15 (in `main`)"
    assert caller[-2:] == [
        "  reports: none of its own; in the code it runs:",
        "    ZG101 line 8:9, shown under the training loop at line 5 (in `run_one_epoch`)",
    ]
    assert explained_reports(proc.stdout) == checked_reports(cli_here, "train.py", cwd=tmp_path)


@pytest.mark.slow
def test_explains_verdict_is_checks_and_its_timeline_is_the_code(every_fixture_explained: ExplainedFolder) -> None:
    """Over every fixture and the shapes above: a loop said to have no report has none at any line of its
    timeline; each timeline line is the code at that line; `cleared` is said only in a file that clears."""
    explained = every_fixture_explained
    assert {"helper_loop.py", "autograd_function.py"} <= explained.files
    reported = {(key[0], key[2]) for key in explained.checked}
    for block in blocks(explained.output):
        path = HEADER.match(block[0])["path"]
        lines = (explained.folder / path).read_text().splitlines()
        timeline = [TIMELINE.match(line) for line in block if TIMELINE.match(line)]
        for event in timeline:
            written = lines[int(event["line"]) - 1]
            assert event["text"].splitlines()[0][:30] in written, (block[0], event.group(0))
        if "  reports: none: check reports nothing here" in block:
            assert not {(path, int(event["line"])) for event in timeline} & reported, block[0]
    autograd = [block for block in blocks(explained.output) if block[0].startswith("autograd_function.py")]
    assert autograd and not any("state" in line or "cleared" in line for block in autograd for line in block)
