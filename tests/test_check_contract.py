"""The `check` command against RULES.md's output contract, and bad input that must never lose the run."""

from __future__ import annotations

import json
from pathlib import Path

from conftest import CliInterpreter

BUGGY = """\
import torch

def train(model, loader):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    for x, y in loader:
        loss = torch.nn.functional.mse_loss(model(x), y)
        loss.backward()
        optimizer.step()
"""
CLEAN = BUGGY.replace("    for x, y in loader:\n", "    for x, y in loader:\n        optimizer.zero_grad()\n")
JSON_FIELDS = {"path", "line", "column", "end_line", "end_column", "code", "name", "severity", "message", "fix"}


def write(tmp_path: Path, name: str, content: str | bytes) -> Path:
    path = tmp_path / name
    path.write_bytes(content if isinstance(content, bytes) else content.encode())
    return path


def test_text_output_points_at_the_step_and_exits_1(tmp_path: Path, cli_here: CliInterpreter) -> None:
    path = write(tmp_path, "train.py", BUGGY)
    proc = cli_here("check", str(path))
    assert proc.returncode == 1
    assert proc.stdout.startswith(f"{path}:8:9: ZG101 optimizer `optimizer` steps with gradients")
    assert "line 7" in proc.stdout and "line 8" in proc.stdout


def test_clean_file_exits_0_with_no_output(tmp_path: Path, cli_here: CliInterpreter) -> None:
    proc = cli_here("check", str(write(tmp_path, "train.py", CLEAN)))
    assert (proc.returncode, proc.stdout) == (0, "")


def test_json_items_follow_the_contract(tmp_path: Path, cli_here: CliInterpreter) -> None:
    path = write(tmp_path, "train.py", BUGGY)
    proc = cli_here("check", "--format", "json", str(path))
    [item] = json.loads(proc.stdout)
    assert set(item) == JSON_FIELDS
    assert (item["line"], item["column"], item["end_line"], item["end_column"]) == (8, 9, 8, 25)
    assert (item["code"], item["name"], item["severity"]) == ("ZG101", "missing-zero-grad", "error")


def test_noqa_and_selection(tmp_path: Path, cli_here: CliInterpreter) -> None:
    silenced = write(tmp_path, "a.py", BUGGY.replace("optimizer.step()", "optimizer.step()  # noqa: ZG101"))
    assert cli_here("check", str(silenced)).returncode == 0
    other_code = write(tmp_path, "b.py", BUGGY.replace("optimizer.step()", "optimizer.step()  # noqa: ZG102"))
    assert cli_here("check", str(other_code)).returncode == 1
    path = write(tmp_path, "c.py", BUGGY)
    assert cli_here("check", "--ignore", "ZG1", str(path)).returncode == 0
    assert cli_here("check", "--select", "ZG4", str(path)).returncode == 0
    assert cli_here("check", "--select", "ZG101", str(path)).returncode == 1


def test_unknown_code_and_missing_path_are_usage_errors(tmp_path: Path, cli_here: CliInterpreter) -> None:
    unknown = cli_here("check", "--select", "ZG999", str(tmp_path))
    assert unknown.returncode == 2 and "ZG999" in unknown.stderr
    missing = cli_here("check", str(tmp_path / "nope.py"))
    assert missing.returncode == 2 and "nope.py" in missing.stderr


def test_bad_files_never_stop_the_run(tmp_path: Path, cli_here: CliInterpreter) -> None:
    # Each bad file has a backward and a step: only such files pass the gate and get a ZG000.
    write(tmp_path, "a_syntax.py", "for x in loader\n    loss.backward()\n    opt.step()\n")
    write(tmp_path, "b_latin1.py", b"# \xe9t\xe9\nloss.backward()\nopt.step()\n")
    write(tmp_path, "c_binary.py", b"\x00\x01loss.backward()\x00opt.step()")
    write(tmp_path, "d_empty.py", "")
    write(tmp_path, "e_deep.py", "x = " + "(" * 3000 + "1" + ")" * 3000 + "\nloss.backward()\nopt.step()\n")
    write(tmp_path, "f_deep_blocks.py", "".join("    " * i + "if x:\n" for i in range(200)) + "    " * 200 + "loss.backward(); opt.step()\n")
    write(tmp_path, "z_buggy.py", BUGGY)
    proc = cli_here("check", "--format", "json", str(tmp_path))
    assert proc.returncode == 1, proc.stderr
    assert "Traceback" not in proc.stderr
    codes = {(Path(item["path"]).name, item["code"]) for item in json.loads(proc.stdout)}
    assert ("a_syntax.py", "ZG000") in codes
    assert ("b_latin1.py", "ZG000") in codes
    assert ("c_binary.py", "ZG000") in codes
    assert ("z_buggy.py", "ZG101") in codes
    assert not any(name == "d_empty.py" for name, _ in codes)


def test_syntax_error_is_reported_at_its_line(tmp_path: Path, cli_here: CliInterpreter) -> None:
    path = write(tmp_path, "broken.py", "import torch\n\nfor x in loader\n    loss.backward()\n    opt.step()\n")
    proc = cli_here("check", str(path))
    assert proc.returncode == 1
    assert proc.stdout.startswith(f"{path}:3:") and "ZG000" in proc.stdout


def test_explain_shows_the_timeline_and_the_report(tmp_path: Path, cli_here: CliInterpreter) -> None:
    path = write(tmp_path, "train.py", BUGGY)
    proc = cli_here("explain", f"{path}:8")
    assert proc.returncode == 0, proc.stderr
    assert "training loop at line 5 (in `train`)" in proc.stdout
    assert "line    7  backward" in proc.stdout
    assert "`optimizer` holds" in proc.stdout and "already applied" in proc.stdout
    assert "ZG101 line 8:9" in proc.stdout
    assert "\x1b[" not in proc.stdout  # no colour when not a terminal
