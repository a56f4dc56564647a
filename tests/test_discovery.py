"""Which files a run checks, and what it says about the ones it cannot read."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

from conftest import CliInterpreter, cli_env, run_bounded

TRAINING = """\
for x in loader:
    optimizer.zero_grad()
    loss = model(x)
    loss.backward()
    optimizer.step()
    optimizer.zero_grad
"""


def reports(cli: CliInterpreter, root: Path, *paths: str) -> tuple[int, list[dict], str]:
    result = cli("check", "--format", "json", "--no-cache", *paths, cwd=root)
    assert "Traceback" not in result.stderr
    return result.returncode, json.loads(result.stdout or "[]"), result.stderr


def test_order_is_stable_and_tool_folders_are_skipped(tmp_path, cli_here: CliInterpreter):
    for folder in ("b", "a", "a/z", ".git", "node_modules", "venv", "pkg.egg-info", "env2"):
        (tmp_path / folder).mkdir(parents=True, exist_ok=True)
        (tmp_path / folder / "train.py").write_text(TRAINING)
    (tmp_path / "env2" / "pyvenv.cfg").write_text("home = /usr\n")
    code, items, _ = reports(cli_here, tmp_path, ".")
    assert code == 1
    assert [item["path"] for item in items] == ["a/train.py", "a/z/train.py", "b/train.py"]


def test_a_folder_named_env_is_skipped_only_when_it_holds_an_environment(tmp_path, cli_here: CliInterpreter):
    # VALID to skip: a venv without pyvenv.cfg (an old virtualenv's) and a conda environment, both named env
    # INVALID to skip: a package of RL or quantisation environments named env (haq's lib/env/), with or without __init__.py
    for folder in ("env", "a/env", "b/env", "c/env"):
        (tmp_path / folder).mkdir(parents=True)
        (tmp_path / folder / "train.py").write_text(TRAINING)
    (tmp_path / "env" / "bin").mkdir()
    (tmp_path / "env" / "bin" / "python").write_text("")
    (tmp_path / "a" / "env" / "conda-meta").mkdir()
    (tmp_path / "c" / "env" / "__init__.py").write_text("")
    code, items, _ = reports(cli_here, tmp_path, ".")
    assert code == 1
    assert [item["path"] for item in items] == ["b/env/train.py", "c/env/train.py"]


def test_symlink_loops_and_broken_links_are_reported_not_followed(tmp_path, cli_here: CliInterpreter):
    (tmp_path / "train.py").write_text(TRAINING)
    (tmp_path / "again").symlink_to(tmp_path, target_is_directory=True)  # a folder loop
    (tmp_path / "loop.py").symlink_to(tmp_path / "loop.py")  # a link to itself
    (tmp_path / "gone.py").symlink_to(tmp_path / "missing.py")
    (tmp_path / "alias.py").symlink_to(tmp_path / "train.py")
    code, items, _ = reports(cli_here, tmp_path, ".")
    assert code == 1
    by_path = {(item["path"], item["code"]): item["message"] for item in items}
    # the link to train.py is the same file: checked once, under its own name
    assert set(by_path) == {("gone.py", "ZG000"), ("loop.py", "ZG000"), ("train.py", "ZG202")}
    assert by_path["gone.py", "ZG000"] == "cannot read file: No such file or directory"
    assert by_path["loop.py", "ZG000"] == "cannot read file: Too many levels of symbolic links"


def test_a_broken_link_named_on_the_command_line_is_reported(tmp_path, cli_here: CliInterpreter):
    (tmp_path / "gone.py").symlink_to(tmp_path / "missing.py")
    code, items, _ = reports(cli_here, tmp_path, "gone.py")
    assert code == 1
    assert [(item["path"], item["code"]) for item in items] == [("gone.py", "ZG000")]


def test_pipes_are_never_opened(tmp_path, cli_here: CliInterpreter):
    (tmp_path / "train.py").write_text(TRAINING)
    os.mkfifo(tmp_path / "fifo.py")  # reading it would block forever
    code, items, _ = reports(cli_here, tmp_path, ".")
    assert code == 1
    assert [item["path"] for item in items] == ["train.py"]
    named = cli_here("check", "fifo.py", cwd=tmp_path)
    assert named.returncode == 2
    assert "fifo.py: not a file or folder" in named.stderr


def test_missing_path_is_a_usage_error(tmp_path, cli_here: CliInterpreter):
    result = cli_here("check", "nowhere.py", cwd=tmp_path)
    assert result.returncode == 2
    assert "nowhere.py: no such file or directory" in result.stderr


def test_paths_with_spaces_and_unicode(tmp_path, cli_here: CliInterpreter):
    folder = tmp_path / "my experiments" / "résumé 学習"
    folder.mkdir(parents=True)
    (folder / "train run ✓.py").write_text(TRAINING)
    code, items, _ = reports(cli_here, tmp_path, "my experiments")
    assert code == 1
    assert [item["path"] for item in items] == ["my experiments/résumé 学習/train run ✓.py"]
    text = cli_here("check", "--no-cache", "my experiments", cwd=tmp_path)
    assert text.stdout.startswith("my experiments/résumé 学習/train run ✓.py:6:5: ZG202 ")


def test_a_file_named_twice_or_through_a_link_is_checked_once(tmp_path, cli_here: CliInterpreter):
    (tmp_path / "train.py").write_text(TRAINING)
    (tmp_path / "alias.py").symlink_to(tmp_path / "train.py")
    code, items, _ = reports(cli_here, tmp_path, "alias.py", "train.py", "./train.py")
    assert code == 1
    assert [item["path"] for item in items] == ["train.py"]


def check_as_a_user(root: Path, *paths: str) -> tuple[int, list[dict], str]:
    result = run_bounded(
        [sys.executable, "-m", "zerograd_lint", "check", "--format", "json", "--no-cache", *paths], cwd=root, env=cli_env(), as_a_user=True
    )
    assert "Traceback" not in result.stderr, result.stderr
    return result.returncode, json.loads(result.stdout or "[]"), result.stderr


def test_unreadable_folders_and_files_are_reported_and_the_rest_checked(tmp_path):
    """Under root too (see tests/as_a_user.py): were permissions not enforced, the
    locked files would be checked and report ZG202, and the test would fail."""
    for name in ("ok", "locked", "unlisted", "closed"):
        (tmp_path / name).mkdir()
        (tmp_path / name / "train.py").write_text(TRAINING)
    (tmp_path / "ok" / "secret.py").write_text(TRAINING)
    (tmp_path / "ok" / "secret.py").chmod(0)
    (tmp_path / "locked").chmod(0)  # neither listed nor searched
    (tmp_path / "unlisted").chmod(0o311)  # searched, not listed
    (tmp_path / "closed").chmod(0o644)  # listed, not searched: its files cannot be looked at
    try:
        code, items, _ = check_as_a_user(tmp_path, ".")
        assert code == 1
        assert [(item["path"], item["code"], item["message"]) for item in items] == [
            ("closed/train.py", "ZG000", "cannot read file: Permission denied"),
            ("locked", "ZG000", "cannot read folder: Permission denied"),
            ("ok/secret.py", "ZG000", "cannot read file: Permission denied"),
            ("ok/train.py", "ZG202", "`optimizer.zero_grad` is not called: the line does nothing. "
             "Add the parentheses: `optimizer.zero_grad()`."),
            ("unlisted", "ZG000", "cannot read folder: Permission denied"),
        ]
        # named on the command line: the same reports, not a usage error
        code, items, _ = check_as_a_user(tmp_path, "locked", "closed/train.py", "ok/secret.py", "unlisted/train.py")
        assert code == 1
        assert [(item["path"], item["code"]) for item in items] == [
            ("closed/train.py", "ZG000"), ("locked", "ZG000"), ("ok/secret.py", "ZG000"), ("unlisted/train.py", "ZG202")
        ]
    finally:
        for name in ("locked", "unlisted", "closed"):
            (tmp_path / name).chmod(0o755)  # so pytest can remove them


def test_discovery_hands_on_the_size_of_the_file_behind_each_path(tmp_path):
    """The runner orders the files by these sizes (biggest first) and looks at no file again for them: a link's is
    its file's, one that cannot be looked at is 0 (its read says why)."""
    from zerograd_lint.files.discovery import discover, discover_sizes

    (tmp_path / "sub").mkdir()
    (tmp_path / "small.py").write_text("x = 1\n")
    (tmp_path / "sub" / "big.py").write_text("y = 2\n" * 100)
    (tmp_path / "sub" / "alias.py").symlink_to(tmp_path / "sub" / "big.py")  # the same file: under its own name
    (tmp_path / "gone.py").symlink_to(tmp_path / "missing.py")
    outside = tmp_path.parent / f"{tmp_path.name}_outside.py"
    outside.write_text("z = 3\n" * 7)
    (tmp_path / "far.py").symlink_to(outside)
    found = list(discover_sizes([str(tmp_path)]))
    assert [(path.relative_to(tmp_path).as_posix(), size) for path, size in found] == [
        ("small.py", 6), ("sub/big.py", 600), ("far.py", 42), ("gone.py", 0)
    ]
    assert [path for path, _ in found] == list(discover([str(tmp_path)]))
    assert list(discover_sizes([str(tmp_path / "sub" / "alias.py")])) == [(tmp_path / "sub" / "alias.py", 600)]


def test_a_run_of_the_command_line_looks_at_no_file_again_for_its_size(tmp_path, monkeypatch):
    from click.testing import CliRunner

    from zerograd_lint.doors import cli
    from zerograd_lint.files import runner

    for name in ("a.py", "b.py"):
        (tmp_path / name).write_text(TRAINING)

    def looked_at(path: Path) -> int:
        raise AssertionError(f"{path} looked at again for its size")

    monkeypatch.setattr(runner, "size_of", looked_at)
    result = CliRunner().invoke(cli.main, ["check", "--no-cache", "-q", "-j1", str(tmp_path)])
    assert result.exit_code == 1 and isinstance(result.exception, SystemExit), result.exception  # reports, no failure
    assert result.output.count("ZG202") == 2
