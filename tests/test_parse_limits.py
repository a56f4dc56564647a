"""What CPython compiles, the linter analyses: deep but valid code is checked, real
pathologies stay ZG000, and syntax newer than the running Python says so."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from tests.conftest import run_cli

LOOP = (
    "import torch\nmodel = torch.nn.Linear(4, 1)\nopt = torch.optim.SGD(model.parameters(), lr=0.1)\n"
    "for batch in torch.randn(8, 4).split(2):\n    model(batch).sum().backward()\n    opt.step()\n"
)  # ZG101 at 6:5


def test_deep_valid_code_is_analysed_and_pathologies_are_zg000(tmp_path: Path) -> None:
    files = {
        "strings.py": LOOP + "s = (\n" + "".join(f'    "part {i}"\n' for i in range(350)) + ")\n",
        "sum.py": LOOP + "a = 1\nb = " + " + ".join(["a"] * 500) + "\n",
        "brackets.py": LOOP + "c = " + "[" * 3000 + "]" * 3000 + "\n",
    }
    for name, source in files.items():
        (tmp_path / name).write_text(source)
    for name in ("strings.py", "sum.py"):
        compile(files[name], name, "exec")  # valid: CPython compiles them
    proc = run_cli("check", "--format", "json", "--no-cache", ".", cwd=tmp_path)
    reports = [(item["path"], item["line"], item["code"], item["message"]) for item in json.loads(proc.stdout)]
    assert reports[0] == ("brackets.py", 7, "ZG000", "syntax error: too many nested parentheses")
    assert [report[:3] for report in reports[1:]] == [("strings.py", 6, "ZG101"), ("sum.py", 6, "ZG101")]


def test_syntax_newer_than_the_running_python_says_which(tmp_path: Path) -> None:
    (tmp_path / "generic.py").write_text("def first[T](items: list[T]) -> T:\n    return items[0]\n\n" + LOOP)
    (tmp_path / "typo.py").write_text("def first(items:\n    return items[0]\n\n" + LOOP)
    proc = run_cli("check", "--format", "json", "--no-cache", ".", cwd=tmp_path)
    reports = {item["path"]: (item["line"], item["code"], item["message"]) for item in json.loads(proc.stdout)}
    running = "%d.%d" % sys.version_info[:2]
    if sys.version_info < (3, 12):
        line, code, message = reports["generic.py"]
        assert (line, code) == (1, "ZG000")
        assert message.endswith(
            f"; this file needs Python 3.12 syntax, and zerograd-lint runs on Python {running} here: "
            "install it under Python 3.12 or newer (with pre-commit: `language_version: python3.12`)"
        )
    else:  # the running Python reads PEP 695: the file is analysed
        assert reports["generic.py"][:2] == (9, "ZG101")
    assert reports["typo.py"][1] == "ZG000" and "needs Python" not in reports["typo.py"][2]
