"""Suppression through the real CLI: flake8's `# noqa` syntax and the file-level switch.
A suppressed report never appears, whatever the format."""

from __future__ import annotations

import json
import re
from pathlib import Path
from xml.etree import ElementTree

import pytest

from tests.conftest import CliInterpreter
from zerograd_lint.base.diagnostics import Diagnostic
from zerograd_lint.core.noqa import apply_noqa

FORMATS = ("text", "json", "github", "sarif", "junit")
SOURCE = """\
for batch in loader:
    opt.zero_grad(); loss.backward(); opt.step()
    mark_bug()  # noqa
    mark_bug()  # noqa: ZG990
    mark_bug()  # noqa:ZG991,ZG990
    mark_bug()  # NOQA: ZG103, ZG990
    mark_bug()  # noqa: ZG9
    mark_bug()  # noqa: ZG991
    mark_bug()  # noqa: E501
"""


def reported_lines(output: str, output_format: str) -> list[int]:
    if output_format in ("text", "github"):
        return [int(n) for n in re.findall(r"train\.py:(\d+):\d+: ZG", output)]
    if output_format == "json":
        return [item["line"] for item in json.loads(output)]
    if output_format == "sarif":
        results = json.loads(output)["runs"][0]["results"]
        return [r["locations"][0]["physicalLocation"]["region"]["startLine"] for r in results]
    return [int(case.get("line")) for case in ElementTree.fromstring(output).iter("testcase")]


@pytest.mark.parametrize("output_format", FORMATS)
def test_suppressed_reports_appear_in_no_format(tmp_path: Path, output_format: str, cli_here_with_test_rules: CliInterpreter) -> None:
    (tmp_path / "train.py").write_text(SOURCE)
    proc = cli_here_with_test_rules("check", "--format", output_format, "train.py", cwd=tmp_path)
    assert proc.returncode == 1, proc.stderr
    assert reported_lines(proc.stdout, output_format) == [8, 9]  # their noqa names other codes


REAL_BUG = """\
import torch

model = torch.nn.Linear(4, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
for batch in torch.randn(8, 4).split(2):
    model(batch).sum().backward()
    optimizer.step(){comment}
"""


@pytest.mark.parametrize(("comment", "reported"), [
    ("", True), ("  # noqa", False), ("  # noqa: ZG101", False), ("  # noqa:ZG103,ZG101", False),
    ("  # noqa: ZG103", True), ("  # zerograd-lint: noqa", False),
])
def test_real_rule_is_suppressed_by_noqa(tmp_path: Path, comment: str, reported: bool, cli_here: CliInterpreter) -> None:
    (tmp_path / "train.py").write_text(REAL_BUG.format(comment=comment))
    proc = cli_here("check", "--format", "json", "train.py", cwd=tmp_path)
    assert [item["code"] for item in json.loads(proc.stdout)] == (["ZG101"] if reported else [])
    assert proc.returncode == (1 if reported else 0)


def test_file_level_switch(tmp_path: Path, cli_here_with_test_rules: CliInterpreter) -> None:
    (tmp_path / "train.py").write_text("# zerograd-lint: noqa\n" + SOURCE)
    proc = cli_here_with_test_rules("check", "--select", "ALL", "train.py", cwd=tmp_path)
    assert proc.returncode == 0, proc.stdout
    assert proc.stdout == ""


def test_noqa_on_another_line_does_not_suppress() -> None:
    d = Diagnostic("x.py", 2, 1, 2, 5, "ZG101", "m")
    assert apply_noqa([d], "a = 1  # noqa\nb = 2\n") == [d]
    assert apply_noqa([d], "a = 1\nb = 2  # noqa: zg101\n") == [d]  # flake8 matches codes as written
    assert apply_noqa([d], "a = 1\nb = 2  # noqa: ZG1\n") == []
