"""Notebooks through the real CLI: code cells in order as one program, IPython syntax
skipped, reports placed in cells, and a broken notebook reported without ending the run."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Callable

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.conftest import CliInterpreter
from zerograd_lint.files.notebook import python_lines, read_notebook

Check = Callable[..., subprocess.CompletedProcess[str]]  # check(folder, *ARGS)


def notebook(*cells: tuple[str, str], language: str = "python") -> str:
    return json.dumps(
        {
            "cells": [
                {"cell_type": kind, "metadata": {}, "source": source.splitlines(keepends=True),
                 **({"outputs": [], "execution_count": None} if kind == "code" else {})}
                for kind, source in cells
            ],
            "metadata": {"language_info": {"name": language}},
            "nbformat": 4,
            "nbformat_minor": 5,
        }
    )


TRAINING = notebook(
    ("markdown", "# Training\nsome words\n"),
    ("code", "%matplotlib inline\nimport torch\n!pip install foo\n"),
    ("code", "%%bash\necho for x in y:\n"),
    ("code", "for batch in loader:\n    %time out = model(batch)\n    opt.zero_grad(); loss.backward(); opt.step()\n    mark_bug()\n"),
    ("code", "files = !ls\ntorch.optim.SGD?\nmark_bug()  # noqa: ZG990\nmark_bug()\n"),
)


@pytest.fixture(scope="module")
def check(cli_here_with_test_rules: CliInterpreter) -> Check:
    """`check(folder, *ARGS)`: `zerograd-lint check ARGS` in the folder with the test rules, the module's runs in one
    interpreter."""
    return lambda folder, *args: cli_here_with_test_rules("check", *args, cwd=folder)


def test_reports_point_into_cells(tmp_path: Path, check: Check) -> None:
    (tmp_path / "train.ipynb").write_text(TRAINING)
    proc = check(tmp_path, "train.ipynb")
    assert proc.returncode == 1, proc.stderr
    assert proc.stdout.splitlines() == [
        "train.ipynb:cell 4:4:5: ZG990 call to mark_bug() (test-only rule)",
        "train.ipynb:cell 5:4:1: ZG990 call to mark_bug() (test-only rule)",
    ]


def test_real_rule_across_cells(tmp_path: Path, cli_here: CliInterpreter) -> None:
    """The model and optimizer in one cell, the loop in another: one program, ZG101 in the loop's cell."""
    (tmp_path / "train.ipynb").write_text(notebook(
        ("code", "import torch\nmodel = torch.nn.Linear(4, 1)\noptimizer = torch.optim.SGD(model.parameters(), lr=0.1)\n"),
        ("markdown", "## Train"),
        ("code", "%%time\nfor batch in torch.randn(8, 4).split(2):\n    loss = model(batch).sum()\n"
                 "    !echo step\n    loss.backward()\n    optimizer.step()\n"),
    ))
    proc = cli_here("check", "train.ipynb", cwd=tmp_path)
    assert proc.returncode == 1, proc.stderr
    assert proc.stdout.startswith("train.ipynb:cell 3:6:5: ZG101 optimizer `optimizer` ")


def test_cells_are_given_in_json_and_sarif(tmp_path: Path, check: Check) -> None:
    (tmp_path / "train.ipynb").write_text(TRAINING)
    items = json.loads(check(tmp_path, "--format", "json", "train.ipynb").stdout)
    assert [(item["cell"], item["line"], item["column"]) for item in items] == [(4, 4, 5), (5, 4, 1)]
    results = json.loads(check(tmp_path, "--format", "sarif", "train.ipynb").stdout)["runs"][0]["results"]
    assert [(r["properties"]["cell"], r["properties"]["cellLine"]) for r in results] == [(4, 4), (5, 4)]
    # as ruff places a notebook's report in SARIF: in the code cells read as one source (3 + 2 lines before cell 4)
    region = results[0]["locations"][0]["physicalLocation"]["region"]
    assert (region["startLine"], region["startColumn"]) == (9, 5)
    assert results[0]["message"]["text"] == "cell 4, line 4: call to mark_bug() (test-only rule)"


def test_notebooks_are_found_in_folders(tmp_path: Path, check: Check) -> None:
    (tmp_path / "nb").mkdir()
    (tmp_path / "nb" / "train.ipynb").write_text(TRAINING)
    assert "nb/train.ipynb:cell 4:4:5: ZG990" in check(tmp_path, ".").stdout


def test_broken_notebook_is_zg000_and_the_run_goes_on(tmp_path: Path, check: Check) -> None:
    (tmp_path / "a_broken.ipynb").write_text('{"cells": [')
    (tmp_path / "b_syntax.ipynb").write_text(notebook(("code", "import torch\n"), ("code", "for x in y\n    opt.zero_grad(); loss.backward(); opt.step()\n")))
    (tmp_path / "b_v3.ipynb").write_text('{"worksheets": [], "nbformat": 3}')
    (tmp_path / "c_train.py").write_text("for b in x:\n    opt.zero_grad(); loss.backward(); opt.step()\n    mark_bug()\n")
    proc = check(tmp_path, ".")
    assert proc.returncode == 1
    lines = proc.stdout.splitlines()
    assert lines[0].startswith("a_broken.ipynb:1:1: ZG000 cannot read notebook: invalid JSON")
    assert lines[1].startswith("b_syntax.ipynb:cell 2:1:11: ZG000 ")  # the missing colon, in its cell
    assert lines[2] == "b_v3.ipynb:1:1: ZG000 cannot read notebook: no list of cells (nbformat 4 expected)"
    assert lines[3] == "c_train.py:3:5: ZG990 call to mark_bug() (test-only rule)"


def test_non_python_notebooks_are_not_checked(tmp_path: Path, check: Check) -> None:
    (tmp_path / "r.ipynb").write_text(notebook(("code", "for (x in y) { backward() ; mark_bug( }\n"), language="R"))
    assert check(tmp_path, "r.ipynb").returncode == 0


def test_ipython_syntax_keeps_line_numbers_and_parses() -> None:
    cell = "if ok:\n    !nvidia-smi\n    %timeit f()\nx = %env HOME\nhelp?\ny = a % b  # why?\n"
    assert python_lines(cell) == ["if ok:", "    pass", "    pass", "pass", "pass", "y = a % b  # why?"]
    assert python_lines("%%writefile a.py\nfor x in y\n") == ["", ""]
    assert python_lines("%%time\nfor x in y:\n    pass\n") == ["", "for x in y:", "    pass"]
    assert python_lines("%time a = \\\n    1\nb = 2\n") == ["pass", "", "b = 2"]


def test_program_remembers_each_lines_cell() -> None:
    program = read_notebook(notebook(("code", "a = 1\nb = 2"), ("markdown", "x"), ("code", "c = 3\n")))
    assert program.source == "a = 1\nb = 2\nc = 3\n"
    assert program.origins == ((1, 1), (1, 2), (3, 1))


@given(st.text(alphabet=st.sampled_from("ab %!?=\\\n\t:.")))
def test_ipython_neutralising_never_moves_a_line(cell: str) -> None:
    out = python_lines(cell)
    assert len(out) == len(cell.splitlines())
    kept = [(a, b) for a, b in zip(cell.splitlines(), out) if a == b]
    assert all(not line.lstrip().startswith(("%", "!")) for line, _ in kept)


def test_a_broken_cell_is_zg000_in_its_cell_and_the_other_cells_are_checked_and_fixed(tmp_path: Path, cli_here: CliInterpreter) -> None:
    (tmp_path / "train.ipynb").write_text(notebook(
        ("code", "import torch\nmodel = torch.nn.Linear(4, 1)\noptimizer = torch.optim.SGD(model.parameters(), lr=0.1)\n"),
        ("code", "x = 1\ndef broken(:\n    pass\n"),
        ("markdown", "## Train"),
        ("code", "for batch in torch.randn(8, 4).split(2):\n    loss = model(batch).sum()\n    loss.backward()\n"
                 "    optimizer.step()\n"),
    ))
    items = json.loads(cli_here("check", "--format", "json", "--no-cache", "train.ipynb", cwd=tmp_path).stdout)
    assert [(item["cell"], item["line"], item["column"], item["code"]) for item in items] == [
        (2, 2, 12, "ZG000"), (4, 4, 5, "ZG101")
    ]
    # the lines the message names are the cell's, and the fix --fix applies is there, placed in its cell
    assert "in the loop at line 1: nothing clears them between `loss.backward()` (line 3)" in items[1]["message"]
    assert items[1]["fix"]["edits"] == [
        {"cell": 4, "line": 2, "column": 1, "end_line": 2, "end_column": 1, "content": "    optimizer.zero_grad()\n"}
    ]
    fixed = cli_here("check", "--fix", "--no-cache", "train.ipynb", cwd=tmp_path)
    assert fixed.stdout.splitlines() == ["train.ipynb:cell 2:2:12: ZG000 syntax error: invalid syntax"]
    cells = ["".join(cell["source"]) for cell in json.loads((tmp_path / "train.ipynb").read_text())["cells"]]
    assert cells[1] == "x = 1\ndef broken(:\n    pass\n"
    assert cells[3].splitlines()[:2] == ["for batch in torch.randn(8, 4).split(2):", "    optimizer.zero_grad()"]


RNN_MODULE = """import torch
import torch.nn as nn


class SampleRNN(nn.Module):
    def __init__(self, hidden_size=16):
        super().__init__()
        self.hidden_size = hidden_size
        self.h0 = nn.Parameter(torch.zeros(1, hidden_size))
        self.cell = nn.GRUCell(2, hidden_size)
        self.out = nn.Linear(hidden_size, 2)

    def forward(self, x, hidden):
        hidden = self.cell(x, hidden)
        return self.out(hidden), hidden

    def init_hidden(self, batch_size=1):
        return INITIAL
"""
FIT_CELLS = (
    ("code", "import torch\nimport torch.nn.functional as F\nfrom models.rnn import SampleRNN\n"),
    ("code", "def train(model, optimizer, num_steps):\n    for step in range(num_steps):\n        loss = 0\n"
             "        hidden = model.init_hidden()\n        optimizer.zero_grad()\n        for i in range(8):\n"
             "            out, hidden = model(torch.rand(1, 2), hidden)\n"
             "            loss += F.cross_entropy(out, torch.randint(0, 2, (1,)))\n"
             "        loss.backward()\n        optimizer.step()\n"),
    ("code", "model = SampleRNN()\ntrain(model, torch.optim.Adam(model.parameters()), 10)\n"),
)


@pytest.mark.parametrize(("initial", "reported"), [
    ("torch.zeros(batch_size, self.hidden_size)", []),  # new tensors: no forward pass before the clear
    ("self.h0.expand(batch_size, -1)", ["notebooks/fit.ipynb:cell 2:5:9: ZG104"]),  # a trained parameter: the forward's first part
])
def test_a_notebook_reads_the_modules_beside_it(tmp_path: Path, cli_here: CliInterpreter, initial: str, reported: list[str]) -> None:
    """Jupyter runs a notebook in its folder: `from models.rnn import SampleRNN` is that folder's module, even where the
    folder is a package (fatchord/WaveRNN's notebooks/), so what `model.init_hidden()` returns is known."""
    folder = tmp_path / "notebooks"
    (folder / "models").mkdir(parents=True)
    (folder / "__init__.py").write_text("")
    (folder / "models" / "rnn.py").write_text(RNN_MODULE.replace("INITIAL", initial))
    (folder / "fit.ipynb").write_text(notebook(*FIT_CELLS))
    proc = cli_here("check", "--select", "ALL", "--no-cache", "notebooks", cwd=tmp_path)
    assert [line.split(" `")[0] for line in proc.stdout.splitlines() if " ZG" in line] == reported, proc.stderr

