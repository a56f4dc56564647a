"""`check --fix`, `--diff`, `--show-fixes` and JSON's `fix` field, end to end on temp copies."""

from __future__ import annotations

import json
import os
import shutil
import stat
from pathlib import Path

from conftest import FIXTURES, CliInterpreter

from zerograd_lint.fixes.unfixable import WHY_NOT_FIXED


def copy(tmp_path: Path, *names: str) -> list[Path]:
    copies = [tmp_path / name for name in names]
    for name, target in zip(names, copies):
        shutil.copy(FIXTURES / name, target)
    return copies


def test_fix_writes_atomically_keeps_permissions_and_reports_what_remains(tmp_path: Path, cli_here: CliInterpreter) -> None:
    [fixed, unfixable] = copy(tmp_path, "zg101_no_clear.py", "zg403_unscale_twice.py")
    fixed.chmod(0o640)
    inode = fixed.stat().st_ino
    proc = cli_here("check", "--fix", "--no-cache", ".", cwd=tmp_path)
    assert proc.returncode == 1, proc.stderr
    assert "ZG403" in proc.stdout and "ZG101" not in proc.stdout
    assert "        optimizer.zero_grad()\n        inp = torch.rand(20, 16)\n" in fixed.read_text()
    assert stat.S_IMODE(fixed.stat().st_mode) == 0o640
    assert fixed.stat().st_ino != inode  # replaced by a rename, not rewritten in place
    assert sorted(os.listdir(tmp_path)) == ["zg101_no_clear.py", "zg403_unscale_twice.py"]  # no temp file left
    assert unfixable.read_text() == (FIXTURES / "zg403_unscale_twice.py").read_text()


def test_fix_exits_0_when_everything_was_fixed(tmp_path: Path, cli_here: CliInterpreter) -> None:
    copy(tmp_path, "zg404_no_update.py", "zg202_update_not_called.py")
    proc = cli_here("check", "--fix", "--show-fixes", "--no-cache", ".", cwd=tmp_path)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "zg404_no_update.py:19:9: ZG404 fixed: Insert `scaler.update()` after the scaler's step" in proc.stderr
    assert "ZG202 fixed" in proc.stderr
    assert cli_here("check", "--no-cache", ".", cwd=tmp_path).returncode == 0


def test_unsafe_fixes_need_the_flag(tmp_path: Path, cli_here: CliInterpreter) -> None:
    [target] = copy(tmp_path, "zg501_loss_not_divided.py")
    assert cli_here("check", "--fix", "--no-cache", ".", cwd=tmp_path).returncode == 1
    assert target.read_text() == (FIXTURES / "zg501_loss_not_divided.py").read_text()
    assert cli_here("check", "--fix", "--unsafe-fixes", "--no-cache", ".", cwd=tmp_path).returncode == 0


def test_show_fixes_says_why_a_rule_has_no_fix(tmp_path: Path, cli_here: CliInterpreter) -> None:
    copy(tmp_path, "zg105_clear_every_iteration.py")
    proc = cli_here("check", "--show-fixes", "--no-cache", ".", cwd=tmp_path)
    assert proc.returncode == 1
    assert f"ZG105 no fix: {WHY_NOT_FIXED['ZG105']}\n" in proc.stderr
    assert "no fix" not in cli_here("check", "--no-cache", ".", cwd=tmp_path).stderr  # only when asked


def test_diff_prints_and_writes_nothing(tmp_path: Path, cli_here: CliInterpreter) -> None:
    [target] = copy(tmp_path, "zg402_direct_step.py")
    before = target.read_bytes()
    proc = cli_here("check", "--diff", "--no-cache", "zg402_direct_step.py", cwd=tmp_path)
    assert proc.returncode == 1
    assert proc.stdout.startswith("--- a/zg402_direct_step.py\n+++ b/zg402_direct_step.py\n")
    assert "-        optimizer.step()\n+        scaler.step(optimizer)\n+        scaler.update()\n" in proc.stdout
    assert target.read_bytes() == before


def test_diff_exits_0_when_nothing_would_change(tmp_path: Path, cli_here: CliInterpreter) -> None:
    copy(tmp_path, "ok_accumulation_guard.py")
    proc = cli_here("check", "--diff", "--no-cache", ".", cwd=tmp_path)
    assert (proc.returncode, proc.stdout) == (0, "")


def test_json_fix_field(tmp_path: Path, cli_here: CliInterpreter) -> None:
    copy(tmp_path, "zg404_no_update.py", "zg403_unscale_twice.py")
    proc = cli_here("check", "--format", "json", "--no-cache", ".", cwd=tmp_path)
    items = {item["code"]: item for item in json.loads(proc.stdout)}
    assert items["ZG403"]["fix"] is None
    assert items["ZG404"]["fix"] == {
        "applicability": "safe",
        "message": "Insert `scaler.update()` after the scaler's step",
        "edits": [{"line": 20, "column": 1, "end_line": 20, "end_column": 1, "content": "        scaler.update()\n"}],
    }


def test_notebook_fix_through_the_cli(tmp_path: Path, cli_here: CliInterpreter) -> None:
    notebook = {
        "cells": [{"cell_type": "code", "metadata": {}, "outputs": [], "execution_count": None, "source": [
            "import torch\n", "model = torch.nn.Linear(4, 1)\n", "opt = torch.optim.SGD(model.parameters(), lr=0.1)\n",
            "for batch in torch.randn(8, 4).split(2):\n", "    model(batch).sum().backward()\n", "    opt.step\n"]}],
        "metadata": {}, "nbformat": 4, "nbformat_minor": 5,
    }
    (tmp_path / "train.ipynb").write_text(json.dumps(notebook))
    proc = cli_here("check", "--fix", "--no-cache", ".", cwd=tmp_path)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    source = json.loads((tmp_path / "train.ipynb").read_text())["cells"][0]["source"]
    assert source[3:] == ["for batch in torch.randn(8, 4).split(2):\n", "    opt.zero_grad()\n",
                          "    model(batch).sum().backward()\n", "    opt.step()\n"]


def test_fix_keeps_line_endings_and_bom(tmp_path: Path, cli_here: CliInterpreter) -> None:
    target = tmp_path / "train.py"
    target.write_bytes(b"\xef\xbb\xbffor x in loader:\r\n    loss(x).backward()  # \xc3\xa9\r\n    opt.step()\r\n")
    proc = cli_here("check", "--fix", "--no-cache", ".", cwd=tmp_path)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "Fixed 1 report." in proc.stderr
    assert target.read_bytes() == (
        b"\xef\xbb\xbffor x in loader:\r\n    opt.zero_grad()\r\n    loss(x).backward()  # \xc3\xa9\r\n    opt.step()\r\n"
    )
