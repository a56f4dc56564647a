"""What a run costs in analyses of a file, counted in the real CLI: one per file in every format (JSON's `fix`
is made from the fixes the reports offer, in the worker), and with --fix one more per fix tried (its proof)."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest
from conftest import FIXTURES, REPO, cli_env

from zerograd_lint.formats import FORMAT_MODULES

LAUNCHER = REPO / "tests" / "data" / "counting" / "launch.py"
FUNCTION = '''

def train_{index}(loader):
    model = torch.nn.Linear(4, 1)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    for x, y in loader:
{clear}        loss = torch.nn.functional.mse_loss(model(x), y)
        loss.backward()
        optimizer.step()
'''


def training_functions(count: int) -> str:
    """`count` training functions, every other one without its clear (a fixable ZG101)."""
    clears = ("        optimizer.zero_grad()\n", "")
    return "import torch\n" + "".join(FUNCTION.format(index=i, clear=clears[i % 2]) for i in range(count))


def analyses(*args: str, cwd: Path) -> tuple[Counter[str], subprocess.CompletedProcess[str]]:
    """How many times `zerograd-lint ARGS` analysed each file (by the path the engine was given), and the run."""
    log = cwd / "analyses.log"
    log.unlink(missing_ok=True)
    run = subprocess.run(
        [sys.executable, str(LAUNCHER), str(log), *args], cwd=cwd, env=cli_env(), capture_output=True, text=True, timeout=600
    )
    assert run.returncode in (0, 1), run.stderr
    counted = Counter(log.read_text(encoding="utf-8").splitlines()) if log.exists() else Counter()
    log.unlink(missing_ok=True)
    return counted, run


@pytest.mark.parametrize("output_format", sorted(FORMAT_MODULES))
def test_every_format_analyses_each_file_once(tmp_path: Path, output_format: str) -> None:
    (tmp_path / "many.py").write_text(training_functions(12))
    shutil.copy(FIXTURES / "zg404_no_update.py", tmp_path)
    counted, run = analyses("check", "--no-cache", "--format", output_format, ".", cwd=tmp_path)
    assert counted == Counter({"many.py": 1, "zg404_no_update.py": 1}), run.stderr
    if output_format == "json":
        fixes = [item["fix"] for item in json.loads(run.stdout)]
        assert len(fixes) == 7 and all(fixes), run.stdout  # six ZG101 and the ZG404, each with its edit


def test_json_fix_of_a_notebook_costs_no_analysis(tmp_path: Path) -> None:
    cells = [
        {"cell_type": "code", "metadata": {}, "outputs": [], "execution_count": None, "source": source}
        for source in ("import torch\nmodel = torch.nn.Linear(4, 1)\nopt = torch.optim.SGD(model.parameters())\n",
                       "for x in loader:\n    model(x).sum().backward()\n    opt.step()\n")
    ]
    (tmp_path / "train.ipynb").write_text(json.dumps({"cells": cells, "metadata": {}, "nbformat": 4, "nbformat_minor": 5}))
    counted, run = analyses("check", "--no-cache", "--format", "json", ".", cwd=tmp_path)
    assert counted == Counter({"train.ipynb": 1}), run.stderr
    [item] = json.loads(run.stdout)
    assert item["fix"]["edits"] == [
        {"cell": 2, "line": 2, "column": 1, "end_line": 2, "end_column": 1, "content": "    opt.zero_grad()\n"}
    ]


def test_fixing_one_report_analyses_the_file_twice(tmp_path: Path) -> None:
    """The check, then the proof of the one fix: the proof's reports are the fixed file's, linted no more."""
    shutil.copy(FIXTURES / "zg404_no_update.py", tmp_path)
    counted, run = analyses("check", "--fix", "--no-cache", "--format", "json", ".", cwd=tmp_path)
    assert counted == Counter({"zg404_no_update.py": 2}), run.stderr
    assert "scaler.update()" in (tmp_path / "zg404_no_update.py").read_text()


def test_fixing_analyses_once_per_fix_tried(tmp_path: Path) -> None:
    (tmp_path / "many.py").write_text(training_functions(6))
    counted, run = analyses("check", "--fix", "--no-cache", ".", cwd=tmp_path)
    assert counted == Counter({"many.py": 1 + 3}), run.stderr
    assert "Fixed 3 reports." in run.stderr


def test_a_run_the_cache_answers_analyses_nothing(tmp_path: Path) -> None:
    (tmp_path / "many.py").write_text(training_functions(4))
    first, run = analyses("check", "--format", "json", ".", cwd=tmp_path)
    again, rerun = analyses("check", "--format", "json", ".", cwd=tmp_path)
    assert (first, again) == (Counter({"many.py": 1}), Counter()), run.stderr + rerun.stderr
    assert rerun.stdout == run.stdout
