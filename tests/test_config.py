"""`[tool.zerograd-lint]` in pyproject.toml, through the real CLI: found by walking up
from the paths, layered under the command line, and refused clearly when wrong."""

from __future__ import annotations

import json
import subprocess
import textwrap
from pathlib import Path

import pytest

from tests.conftest import CliInterpreter
from zerograd_lint.files.config import matches

BOTH = "for batch in loader:\n    opt.zero_grad(); loss.backward(); opt.step()\n    mark_bug()\n    mark_style()\n"


def project(root: Path, config: str, files: dict[str, str]) -> Path:
    (root / "pyproject.toml").write_text("[project]\nname = 'demo'\n\n[tool.zerograd-lint]\n" + textwrap.dedent(config))
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text)
    return root


@pytest.fixture(scope="module")
def cli(cli_here_with_test_rules: CliInterpreter) -> CliInterpreter:
    """The module's runs of the CLI, with the test rules ZG990 and ZG991, in one interpreter."""
    return cli_here_with_test_rules


def reported(cli: CliInterpreter, *args: str, cwd: Path) -> list[tuple[str, str]]:
    return reports_of(cli("check", "--format", "json", *args, cwd=cwd))


def reported_each(cli: CliInterpreter, *runs: tuple[tuple[str, ...], Path]) -> list[list[tuple[str, str]]]:
    """`reported(cli, *ARGS, cwd=CWD)` for each (ARGS, CWD)."""
    return [reported(cli, *args, cwd=cwd) for args, cwd in runs]


def reports_of(proc: subprocess.CompletedProcess[str]) -> list[tuple[str, str]]:
    assert proc.returncode in (0, 1), proc.stderr
    return [(item["path"], item["code"]) for item in json.loads(proc.stdout)]


def test_select_from_config_applies(tmp_path: Path, cli: CliInterpreter) -> None:
    project(tmp_path, 'select = ["ZG991"]\n', {"train.py": BOTH})
    assert reported(cli, "train.py", cwd=tmp_path) == [("train.py", "ZG991")]


def test_extend_select_and_ignore_from_config(tmp_path: Path, cli: CliInterpreter) -> None:
    project(tmp_path, 'extend-select = ["ZG991"]\nignore = ["ZG990"]\n', {"train.py": BOTH})
    assert reported(cli, "train.py", cwd=tmp_path) == [("train.py", "ZG991")]


@pytest.mark.parametrize(
    ("selectors", "expected"),
    [("ZG", ["ZG990"]), ("ZG99", ["ZG990"]), ("ZG,ZG991", ["ZG990", "ZG991"]), ("ALL", ["ZG990", "ZG991"])],
)
def test_a_prefix_selects_only_rules_on_by_default(tmp_path: Path, selectors: str, expected: list[str], cli: CliInterpreter) -> None:
    """An off-by-default rule (ZG991) comes on only when named exactly or with ALL, from the command line and
    from the file alike."""
    plain, configured = tmp_path / "plain", tmp_path / "configured"
    plain.mkdir()
    configured.mkdir()
    (plain / "train.py").write_text(BOTH)
    project(configured, f"select = {selectors.split(',')!r}\n", {"train.py": BOTH})
    runs = reported_each(
        cli, (("--select", selectors, "train.py"), plain), (("--extend-select", selectors, "train.py"), plain), (("train.py",), configured)
    )
    assert [[code for _, code in reports] for reports in runs] == [expected] * 3


def test_command_line_wins_over_config(tmp_path: Path, cli: CliInterpreter) -> None:
    project(tmp_path, 'select = ["ZG991"]\n', {"train.py": BOTH})
    assert reported_each(
        cli,
        (("--select", "ZG990", "train.py"), tmp_path), (("--extend-select", "ZG990", "train.py"), tmp_path), (("--ignore", "ZG9", "train.py"), tmp_path)
    ) == [[("train.py", "ZG990")], [("train.py", "ZG990"), ("train.py", "ZG991")], []]


def test_config_is_found_by_walking_up_from_the_paths(tmp_path: Path, cli: CliInterpreter) -> None:
    project(tmp_path, 'select = ["ZG991"]\n', {"pkg/sub/train.py": BOTH})
    elsewhere = tmp_path / "pkg" / "sub"
    outside = tmp_path.parent  # and from a path given while standing outside the project
    assert reported_each(cli, (("train.py",), elsewhere), ((str(tmp_path / "pkg"),), outside)) == [
        [("train.py", "ZG991")], [(str(tmp_path / "pkg" / "sub" / "train.py"), "ZG991")]
    ]


def test_pyproject_without_our_table_is_passed_over(tmp_path: Path, cli: CliInterpreter) -> None:
    project(tmp_path, 'select = ["ZG991"]\n', {"inner/train.py": BOTH})
    (tmp_path / "inner" / "pyproject.toml").write_text("[tool.black]\nline-length = 100\n")
    assert reported(cli, "train.py", cwd=tmp_path / "inner") == [("train.py", "ZG991")]


def test_per_file_ignores_globs_relative_to_the_config(tmp_path: Path, cli: CliInterpreter) -> None:
    config = """\
        [tool.zerograd-lint.per-file-ignores]
        "tests/**" = ["ZG990"]
        "scripts/*.py" = ["ZG9"]
        "legacy.py" = ["ZG990"]
        """
    files = {"tests/deep/test_a.py": BOTH, "scripts/run.py": BOTH, "lib/legacy.py": BOTH, "train.py": BOTH}
    project(tmp_path, config, files)
    assert reported(cli, ".", cwd=tmp_path) == [("train.py", "ZG990")]


def test_exclude_and_extend_exclude(tmp_path: Path, cli: CliInterpreter) -> None:
    files = {"train.py": BOTH, "vendor/x.py": BOTH, "gen/y.py": BOTH, "notes/z_generated.py": BOTH}
    project(tmp_path, 'exclude = ["vendor"]\nextend-exclude = ["*_generated.py"]\n', files)
    assert reported_each(
        cli,
        ((".",), tmp_path),
        (("vendor/x.py",), tmp_path),  # named explicitly, an excluded file is still skipped (pre-commit passes every staged file)
        (("--exclude", "", "."), tmp_path),  # --exclude '' clears the configured exclude
        (("--exclude", "gen", "."), tmp_path),  # --exclude replaces the configured exclude (extend-exclude stays)
        (("--extend-exclude", "gen/", "."), tmp_path),  # --extend-exclude adds
    ) == [
        [("gen/y.py", "ZG990"), ("train.py", "ZG990")],
        [],
        [("gen/y.py", "ZG990"), ("train.py", "ZG990"), ("vendor/x.py", "ZG990")],
        [("train.py", "ZG990"), ("vendor/x.py", "ZG990")],
        [("train.py", "ZG990")],
    ]
    named = cli("check", "vendor/x.py", "train.py", cwd=tmp_path)  # and said so
    assert named.stderr.splitlines()[0] == "zerograd-lint: vendor/x.py: not checked: the exclude pattern 'vendor' matches it"


@pytest.mark.parametrize(
    ("config", "expected"),
    [
        ('selct = ["ZG990"]\n', "unknown key 'selct'"),
        ('select = ["ZG999"]\n', "select: unknown rule selector 'ZG999'"),
        ('extend-select = ["XX1"]\n', "extend-select: unknown rule selector 'XX1'"),
        ('ignore = "ZG990"\n', "ignore: expected a list of strings"),
        ('[tool.zerograd-lint.per-file-ignores]\n"a.py" = ["ZG12"]\n', "per-file-ignores 'a.py': unknown rule selector 'ZG12'"),
        ("select = [\n", "invalid TOML"),
    ],
)
def test_bad_config_exits_2_naming_the_key_and_the_file(tmp_path: Path, config: str, expected: str, cli: CliInterpreter) -> None:
    project(tmp_path, config, {"train.py": BOTH})
    proc = cli("check", "train.py", cwd=tmp_path)
    assert proc.returncode == 2
    assert str(tmp_path / "pyproject.toml") in proc.stderr
    assert expected in proc.stderr
    assert proc.stdout == ""


def test_explicit_config_option(tmp_path: Path, cli: CliInterpreter) -> None:
    (tmp_path / "train.py").write_text(BOTH)
    (tmp_path / "other.toml").write_text('[tool.zerograd-lint]\nselect = ["ZG991"]\n')
    assert reported(cli, "--config", "other.toml", "train.py", cwd=tmp_path) == [("train.py", "ZG991")]


@pytest.mark.parametrize(
    ("pattern", "path", "expected"),
    [
        ("tests", "tests/a/b.py", True),
        ("tests/", "tests/a.py", True),
        ("*.ipynb", "nb/x.ipynb", True),
        ("a/*.py", "a/b/c.py", False),
        ("a/**/*.py", "a/b/c.py", True),
        ("a/**/*.py", "a/c.py", True),
        ("a/*", "a/b/c.py", True),  # the folder a/b matches, so everything in it
        ("./src/x.py", "src/x.py", True),
        ("x.py", "src/xx.py", False),
    ],
)
def test_pattern_matching(tmp_path: Path, pattern: str, path: str, expected: bool) -> None:
    assert matches(pattern, tmp_path / path, tmp_path) is expected
