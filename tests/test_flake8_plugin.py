"""The flake8 door: the real flake8, with the plugin installed from this checkout into a
throwaway virtualenv, must say what `zerograd-lint check` says, line and column. flake8 runs as a user runs it,
a process each; the CLI's answers come from the module's CLI interpreters (`CliInterpreter`: its process door is
tested in its own files)."""

from __future__ import annotations

import ast
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from tests.conftest import FIXTURES, REPO, CliInterpreter, cli_env, run_with_test_rules

pytestmark = pytest.mark.slow  # a virtualenv with the plugin installed by pip, then flake8 on every fixture


@pytest.fixture(scope="module")
def venv_python(tmp_path_factory: pytest.TempPathFactory) -> str:
    """A virtualenv with this checkout installed, so flake8 finds the `ZG` entry point the
    way a user's install does; it sees exactly the running interpreter's import path (a
    `.pth` file), so flake8 and libcst are the ones this test run has, whether that is a
    fresh venv or a bare interpreter (`--system-site-packages` would see the base
    interpreter's instead). The tests then import the code itself from the checkout,
    first on PYTHONPATH."""
    root = tmp_path_factory.mktemp("flake8-venv")
    source = root / "src"
    source.mkdir()
    shutil.copy(REPO / "pyproject.toml", source)
    shutil.copytree(REPO / "zerograd_lint", source / "zerograd_lint", ignore=shutil.ignore_patterns("__pycache__"))
    venv = root / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    python = str(venv / "bin" / "python")
    own_path = subprocess.run(
        [python, "-c", "import sys, sysconfig; print(sysconfig.get_path('purelib')); print(*sys.path, sep='\\n')"],
        check=True, capture_output=True, text=True,
    ).stdout.splitlines()
    site_packages, seen = own_path[0], set(own_path[1:])
    # Only what the venv lacks (the stdlib it has): pip's build isolation drops every entry of a .pth.
    Path(site_packages, "running_interpreter.pth").write_text("".join(f"{p}\n" for p in sys.path if p and p not in seen))
    installed = subprocess.run(  # built in pip's isolated build environment, as for a user
        [sys.executable, "-m", "pip", "--python", python, "install", "--quiet", "--no-deps", str(source)],
        capture_output=True,
        text=True,
    )
    assert installed.returncode == 0, installed.stdout + installed.stderr
    return python


def flake8(python: str, *args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [python, "-m", "flake8", *args], cwd=cwd, env=cli_env(), capture_output=True, text=True, timeout=600
    )


def zg_lines(output: str) -> list[str]:
    """The ZG reports, in path, line, column order."""

    def position(line: str) -> tuple[str, int, int]:
        path, row, column, _ = line.split(":", 3)
        return path, int(row), int(column)

    return sorted((line for line in output.splitlines() if ": ZG" in line), key=position)


SAMPLE = textwrap.dedent(
    """\
    for batch in loader:
        batch = batch.float()
        opt.zero_grad(); loss.backward(); opt.step()
        mark_bug()
        if True: mark_bug()
        mark_style()
        mark_bug()  # noqa
        mark_bug()  # noqa: ZG990
        mark_bug()  # noqa: E501
    """
)


@pytest.fixture
def sample(tmp_path: Path) -> Path:
    (tmp_path / "train.py").write_text(SAMPLE)
    return tmp_path


def test_plugin_is_registered_under_its_entry_point(venv_python: str, tmp_path: Path) -> None:
    proc = flake8(venv_python, "--version", cwd=tmp_path)
    assert "zerograd-lint: 0.1.0" in " ".join(proc.stdout.split())


def test_flake8_reports_what_the_cli_reports_with_flake8s_noqa(
    venv_python: str, sample: Path, cli_here_with_test_rules: CliInterpreter
) -> None:
    under_flake8 = run_with_test_rules("flake8", "train.py", cwd=sample, python=venv_python)
    standalone = cli_here_with_test_rules("check", "train.py", cwd=sample)
    assert under_flake8.returncode == 1, under_flake8.stderr
    assert zg_lines(under_flake8.stdout) == [
        "train.py:4:5: ZG990 call to mark_bug() (test-only rule)",
        "train.py:5:14: ZG990 call to mark_bug() (test-only rule)",
        "train.py:9:5: ZG990 call to mark_bug() (test-only rule)",
    ]
    assert zg_lines(under_flake8.stdout) == zg_lines(standalone.stdout)


REAL_BUGS = """\
import torch

model = torch.nn.Linear(4, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
for batch in torch.randn(8, 4).split(2):
    model(batch).sum().backward()
    optimizer.step()
for batch in torch.randn(8, 4).split(2):
    model(batch).sum().backward()
    optimizer.step()  # noqa: ZG101
for batch in torch.randn(8, 4).split(2):
    loss = model(batch).sum()
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
"""


@pytest.mark.parametrize(
    ("extra", "expected"),
    [
        ((), ["train.py:7:5: ZG101"]),
        (("--extend-select", "ZG104"), ["train.py:7:5: ZG101", "train.py:13:5: ZG104"]),
        (("--select", "ZG"), ["train.py:7:5: ZG101"]),
    ],
    ids=["default", "extend-select-ZG104", "select-ZG"],
)
def test_real_rules_under_flake8_match_the_cli(
    venv_python: str, tmp_path: Path, extra: tuple[str, ...], expected: list[str], cli_here: CliInterpreter
) -> None:
    """ZG104 is off by default in both tools; flake8's noqa and the CLI's agree."""
    (tmp_path / "train.py").write_text(REAL_BUGS)
    under_flake8 = flake8(venv_python, *extra, "train.py", cwd=tmp_path)
    standalone = cli_here("check", *extra, "train.py", cwd=tmp_path)
    assert [" ".join(line.split(" ")[:2]) for line in zg_lines(under_flake8.stdout)] == expected
    assert zg_lines(under_flake8.stdout) == zg_lines(standalone.stdout)


def test_off_by_default_codes_join_flake8s_default_ignore(
    venv_python: str, sample: Path, cli_here_with_test_rules: CliInterpreter
) -> None:
    default = run_with_test_rules("flake8", "train.py", cwd=sample, python=venv_python)
    assert "ZG991" not in default.stdout
    extended = run_with_test_rules("flake8", "--extend-select", "ZG991", "train.py", cwd=sample, python=venv_python)
    assert "train.py:6:5: ZG991 call to mark_style() (test-only rule)" in extended.stdout
    standalone = cli_here_with_test_rules("check", "--extend-select", "ZG991", "train.py", cwd=sample)
    assert zg_lines(extended.stdout) == zg_lines(standalone.stdout)


def test_flake8_select_and_per_file_ignores_apply(venv_python: str, sample: Path) -> None:
    selected = run_with_test_rules("flake8", "--select", "ZG991", "train.py", cwd=sample, python=venv_python)
    assert zg_lines(selected.stdout) == ["train.py:6:5: ZG991 call to mark_style() (test-only rule)"]
    ignored = run_with_test_rules(
        "flake8", "--select", "ZG,ZG991", "--per-file-ignores", "train.py:ZG990", "train.py", cwd=sample, python=venv_python
    )
    assert ignored.stdout.splitlines() == ["train.py:6:5: ZG991 call to mark_style() (test-only rule)"]


@pytest.mark.parametrize(("selectors", "expected"), [("ZG", ["ZG990"]), ("ZG,ZG991", ["ZG990", "ZG991"])])
def test_a_prefix_selects_only_rules_on_by_default(
    venv_python: str, sample: Path, selectors: str, expected: list[str], cli_here_with_test_rules: CliInterpreter
) -> None:
    """flake8 itself would let `--select ZG` pick up a code of its default ignore list; the plugin yields an
    off-by-default rule's reports only when it is named exactly, as the CLI does."""
    for option in ("--select", "--extend-select"):
        under_flake8 = run_with_test_rules("flake8", option, selectors, "train.py", cwd=sample, python=venv_python)
        assert sorted({line.split(" ")[1] for line in zg_lines(under_flake8.stdout)}) == expected
        standalone = cli_here_with_test_rules("check", option, selectors, "train.py", cwd=sample)
        assert zg_lines(under_flake8.stdout) == zg_lines(standalone.stdout)


def test_file_level_switch_silences_the_plugin(venv_python: str, tmp_path: Path) -> None:
    (tmp_path / "train.py").write_text("# zerograd-lint: noqa\n" + SAMPLE)
    proc = run_with_test_rules("flake8", "--select", "ZG", "train.py", cwd=tmp_path, python=venv_python)
    assert proc.returncode == 0, proc.stdout + proc.stderr


def parses(path: Path) -> bool:
    try:
        ast.parse(path.read_bytes())
    except SyntaxError:
        return False
    return True


@pytest.mark.parametrize("extra", [(), ("--extend-select", "ZG104")], ids=["default", "extend-select-ZG104"])
def test_real_rules_on_fixtures_flake8_matches_cli_line_for_line(
    venv_python: str, extra: tuple[str, ...], cli_here: CliInterpreter
) -> None:
    # flake8 reports a file it cannot parse as its own E999 and runs no plugin on it.
    files = sorted(str(p.relative_to(REPO)) for p in FIXTURES.rglob("*.py") if parses(p))
    assert files, "fixtures/ holds no training scripts"
    under_flake8 = flake8(venv_python, "--isolated", *extra, *files, cwd=REPO)
    standalone = cli_here("check", *extra, *files)
    assert standalone.returncode in (0, 1), standalone.stderr
    assert under_flake8.returncode in (0, 1), under_flake8.stderr
    assert zg_lines(standalone.stdout), "the real rules report nothing on fixtures/"
    assert zg_lines(under_flake8.stdout) == zg_lines(standalone.stdout)
