"""`check -`: the source on stdin, checked as the file `--stdin-filename` names (as ruff and flake8 do)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from tests.conftest import cli_env, run_cli

BUGGY = """import torch

model = torch.nn.Linear(4, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
for x, y in data:
    optimizer.zero_grad
    loss = ((model(x) - y) ** 2).mean()
    loss.backward()
    optimizer.step()
"""


def project(root: Path) -> Path:
    (root / "pyproject.toml").write_text(
        '[tool.zerograd-lint]\nexclude = ["generated"]\nper-file-ignores = { "scripts/*" = ["ZG202"] }\n', encoding="utf-8"
    )
    (root / "train.py").write_text("# the file on disk is not what is checked\n", encoding="utf-8")
    return root


def test_stdin_is_checked_as_the_named_file_with_its_configuration(tmp_path: Path) -> None:
    root = project(tmp_path)
    named = run_cli("check", "--format", "json", "-", "--stdin-filename", str(root / "train.py"), input=BUGGY)
    assert named.returncode == 1, named.stderr
    reports = json.loads(named.stdout)
    assert [(r["path"], r["line"], r["code"]) for r in reports] == [(str(root / "train.py"), 6, "ZG202"), (str(root / "train.py"), 9, "ZG101")]
    assert reports[0]["fix"]["edits"] == [{"line": 6, "column": 1, "end_line": 7, "end_column": 1, "content": "    optimizer.zero_grad()\n"}]

    ignored = run_cli("check", "-", "--stdin-filename", "scripts/train.py", cwd=root, input=BUGGY)
    assert ignored.returncode == 1 and ignored.stdout.startswith("scripts/train.py:9:5: ZG101 ")
    assert "ZG202" not in ignored.stdout  # per-file-ignores of the named path

    excluded = run_cli("check", "-", "--stdin-filename", "generated/train.py", cwd=root, input=BUGGY)
    assert (excluded.returncode, excluded.stdout) == (0, "")

    unnamed = run_cli("check", "-", cwd=root, input=BUGGY.replace("optimizer.zero_grad\n", "optimizer.zero_grad()\n"))
    assert (unnamed.returncode, unnamed.stdout) == (0, ""), unnamed.stderr


def test_stdin_notebooks_bad_bytes_and_usage_errors(tmp_path: Path) -> None:
    cells = [{"cell_type": "code", "metadata": {}, "outputs": [], "execution_count": None, "source": source}
             for source in (BUGGY.split("for x")[0], "for x" + BUGGY.split("for x")[1])]
    notebook = json.dumps({"cells": cells, "metadata": {}, "nbformat": 4, "nbformat_minor": 5})
    checked = run_cli("check", "-", "--stdin-filename", "train.ipynb", "--select", "ZG101", cwd=tmp_path, input=notebook)
    assert checked.stdout.startswith("train.ipynb:cell 2:5:5: ZG101 "), checked.stdout

    binary = subprocess.run(
        [sys.executable, "-m", "zerograd_lint", "check", "-", "--stdin-filename", "x.py"],
        input=b"loss.backward()\x00", capture_output=True, cwd=tmp_path, env=cli_env(),
    )
    assert binary.returncode == 1 and b"x.py:1:1: ZG000 " in binary.stdout

    for args in (["-", "train.py"], ["--stdin-filename", "x.py"], ["-", "--fix"]):
        usage = run_cli("check", *args, cwd=tmp_path, input="")
        assert usage.returncode == 2 and "Error:" in usage.stderr, args


def test_check_never_imports_the_language_server(tmp_path: Path) -> None:
    (tmp_path / "train.py").write_text(BUGGY, encoding="utf-8")
    probe = (
        "import sys\nfrom zerograd_lint.doors.cli import main\n"
        "try:\n    main(['check', '--no-cache', sys.argv[1]])\nexcept SystemExit as done:\n    code = done.code\n"
        "print(code, sorted(name for name in sys.modules if name.split('.')[0] in ('pygls', 'lsprotocol', 'cattrs')"
        " or name.startswith('zerograd_lint.doors.lsp')))\n"
    )
    run = subprocess.run([sys.executable, "-c", probe, str(tmp_path / "train.py")], capture_output=True, text=True, env=cli_env())
    assert run.stdout.splitlines()[-1] == "1 []", run.stdout + run.stderr
