"""Whatever the input, a run ends with reports, nothing, or ZG000: never a traceback.

The whole standard library and the installed torch package go through the
engine; then files built to be awkward go through the real CLI (its runs one after another in one
interpreter of the module, `cli_here`: the analysis imported once).
"""

from __future__ import annotations

import importlib.util
import json
import sys
import sysconfig
from pathlib import Path

import pytest
from conftest import REPO, CliInterpreter, cli_env, run_bounded

from zerograd_lint.files.discovery import discover
from zerograd_lint.rules import all_rules

pytestmark = pytest.mark.slow  # the standard library, torch, 10 MB files, a thousand levels of nesting

TORCH = Path(importlib.util.find_spec("torch").origin).parent
STDLIB = Path(sysconfig.get_paths()["stdlib"])


def real_world_files() -> list[Path]:
    return [*discover([str(STDLIB)]), *discover([str(TORCH)])]


def test_every_file_of_the_standard_library_and_torch_is_handled():
    files = real_world_files()
    found = set(files)
    # every module of torch (none of its folders is one discovery skips) and every top-level standard module:
    # whatever this machine's Python and torch hold, all of it is checked
    assert {*TORCH.rglob("*.py"), *TORCH.rglob("*.pyi")} <= found
    assert {*STDLIB.glob("*.py")} <= found
    # In a process of its own: the workers fork, and this one (a pytest-xdist worker) holds threads.
    program = (
        "import json, sys\nfrom pathlib import Path\n"
        "from zerograd_lint.core.selection import Selection\nfrom zerograd_lint.files.config import Settings\n"
        "from zerograd_lint.files.runner import available_cores, check_paths\n"
        "files = [Path(line) for line in sys.stdin.read().splitlines()]\n"
        "result = check_paths(files, Settings(Selection(select=('ALL',))), jobs=available_cores())\n"
        "print(json.dumps([result.internal_errors, result.files_checked, sorted({d.code for d in result.diagnostics})]))\n"
    )
    run = run_bounded([sys.executable, "-c", program], cwd=REPO, env=cli_env(), input="\n".join(map(str, files)))
    assert run.returncode == 0, run.stderr
    internal_errors, files_checked, codes = json.loads(run.stdout)
    assert internal_errors == []
    assert files_checked == len(files)
    assert set(codes) <= {rule.code for rule in all_rules()}


BUGGY = """\
import torch

model = torch.nn.Linear(4, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)  # café
for x, y in loader:
    loss = (model(x) - y).pow(2).mean()
    loss.backward()
    optimizer.step()
    optimizer.zero_grad
    for p in model.parameters():
        print(p.grad.norm())
"""


def check(cli: CliInterpreter, tmp_path: Path, name: str, data: bytes) -> tuple[int, list[dict], str]:
    """The CLI's run on the file, in the module's interpreter (`cli_here`): an uncaught error is its traceback and
    status 1, a crash of the interpreter fails the test, as a process of its own would."""
    (tmp_path / name).write_bytes(data)
    result = cli("check", "--format", "json", "--no-cache", "--select", "ALL", name, cwd=tmp_path)
    assert "Traceback" not in result.stderr, result.stderr
    assert result.returncode in (0, 1), result.stderr
    return result.returncode, json.loads(result.stdout), result.stderr


def where(items: list[dict]) -> list[tuple[int, str]]:
    return [(item["line"], item["code"]) for item in items]


VARIANTS = {
    "bom": b"\xef\xbb\xbf" + BUGGY.encode(),
    "crlf": BUGGY.replace("\n", "\r\n").encode(),
    "tabs": BUGGY.replace("    ", "\t").encode(),
    "form feeds": BUGGY.replace("\nfor x", "\n\x0cfor x").replace("\n    loss.backward", "\n\x0c    loss.backward").encode(),
    "latin-1": ("# -*- coding: latin-1 -*-\n" + BUGGY).encode("latin-1"),
    # a codec a package of the project registers when installed (FCGF's `future_fstrings`): UTF-8 source
    "installed codec": ("# -*- coding: future_fstrings -*-\n" + BUGGY).encode(),
}


@pytest.fixture(scope="module")
def plain_reports(tmp_path_factory: pytest.TempPathFactory, cli_here: CliInterpreter) -> list[tuple[int, str]]:
    """The reports on BUGGY as written, once for every variant."""
    _, plain, _ = check(cli_here, tmp_path_factory.mktemp("plain"), "plain.py", BUGGY.encode())
    return where(plain)


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_encodings_and_whitespace_do_not_change_the_reports(tmp_path, cli_here, plain_reports, variant):
    assert {code for _, code in plain_reports} >= {"ZG101", "ZG202", "ZG302"}
    _, items, _ = check(cli_here, tmp_path, "variant.py", VARIANTS[variant])
    shift = 1 if variant in {"latin-1", "installed codec"} else 0  # the coding line comes first
    assert where(items) == [(line + shift, code) for line, code in plain_reports]


UNUSABLE = {
    "nulls": (BUGGY.encode().replace(b"import torch", b"import\x00torch"), "file contains null bytes"),
    "binary": (b"\x89PNG\r\n\x1a\n" + bytes(range(1, 256)) + b"loss.backward(); opt.step()", "cannot decode source"),
    "bad utf-8": (b"# coding: utf-8\nx = '\xff'\n" + BUGGY.encode(), "cannot decode source"),
    "unknown encoding, not UTF-8": (b"# coding: klingon\nx = '\xff'\n" + BUGGY.encode(), "cannot decode source"),
    "syntax error": (BUGGY.replace("for x, y in loader:", "for x, y in loader").encode(), "syntax error: expected ':'"),
}


@pytest.mark.parametrize("kind", sorted(UNUSABLE))
def test_unusable_text_is_one_clear_zg000(tmp_path, cli_here, kind):
    data, message = UNUSABLE[kind]
    code, items, _ = check(cli_here, tmp_path, "unusable.py", data)
    assert code == 1
    assert [item["code"] for item in items] == ["ZG000"]
    assert message in items[0]["message"]


def test_ten_megabytes_of_code(tmp_path, cli_here):
    chunk = "".join(f"def f{i}(x):\n    return [x * {i} for _ in range(3)]\n\n" for i in range(1000))
    plain = (chunk * (10 * 2**20 // len(chunk) + 1)).encode()
    code, items, _ = check(cli_here, tmp_path, "big.py", plain)
    assert (code, items) == (0, []), "no training code: a read, no parse"
    code, items, _ = check(cli_here, tmp_path, "big_training.py", BUGGY.encode() + plain)
    assert code == 1
    assert [item["code"] for item in items] == ["ZG000"]
    assert items[0]["message"].startswith("file too large to analyse (10.")


@pytest.mark.parametrize("shape", ["blocks", "brackets", "calls", "chain"])
def test_a_thousand_levels_of_nesting(tmp_path, cli_here, shape):
    depth = 1000
    nested = {
        "blocks": "".join("    " * i + f"if x{i}:\n" for i in range(depth)) + "    " * depth + "pass\n",
        "brackets": "x = " + "[" * depth + "]" * depth + "\n",
        "calls": "x = " + "f(" * depth + ")" * depth + "\n",
        "chain": "x = " + " + ".join(["a"] * 100 * depth) + "\n",
    }[shape]
    code, items, _ = check(cli_here, tmp_path, "deep.py", (nested + BUGGY).encode())
    assert code == 1
    assert [item["code"] for item in items] == ["ZG000"]
    assert items[0]["message"].startswith(("syntax error: too many", "cannot parse file: nested too deeply"))
