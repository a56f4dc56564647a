"""The progress line: on stderr, for large runs, only when stderr is a terminal and the
format is for people; never in a machine format or a pipe."""

from __future__ import annotations

import os
import pty
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import cli_env
from zerograd_lint.files.progress import MIN_FILES


@pytest.fixture(scope="module")
def many_files(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("many")
    for n in range(MIN_FILES):
        (root / f"m{n:04}.py").write_text("x = 1\n")
    return root


def run_with_terminal_stderr(*args: str, cwd: Path) -> tuple[int, str, str]:
    """The CLI with stderr on a pseudo-terminal (as in an interactive shell) and stdout piped."""
    master, slave = pty.openpty()
    proc = subprocess.Popen(
        [sys.executable, "-m", "zerograd_lint", *args], cwd=cwd, env=cli_env(),
        stdout=subprocess.PIPE, stderr=slave, text=True,
    )
    os.close(slave)
    chunks = []
    while True:
        try:
            chunk = os.read(master, 65536)
        except OSError:  # EIO: the terminal's other side is closed
            break
        if not chunk:
            break
        chunks.append(chunk)
    stdout = proc.stdout.read() if proc.stdout else ""
    code = proc.wait()
    os.close(master)
    return code, stdout, b"".join(chunks).decode()


def test_progress_on_a_terminal_is_drawn_then_erased(many_files: Path) -> None:
    code, stdout, stderr = run_with_terminal_stderr("check", ".", cwd=many_files)
    assert code == 0 and stdout == ""
    assert f"\r\x1b[K[  0/{MIN_FILES}] m0000.py" in stderr
    assert stderr.endswith(f"\r\x1b[KAll checks passed ({MIN_FILES} files checked).\r\n")


@pytest.mark.parametrize("args", [("--format", "json"), ("--quiet",)])
def test_no_progress_for_machine_formats_or_quiet(many_files: Path, args: tuple[str, ...]) -> None:
    code, _, stderr = run_with_terminal_stderr("check", *args, ".", cwd=many_files)
    assert code == 0 and stderr == ""


def test_no_progress_when_stderr_is_not_a_terminal(many_files: Path) -> None:
    proc = subprocess.run([sys.executable, "-m", "zerograd_lint", "check", "."], cwd=many_files,
                          env=cli_env(), capture_output=True, text=True)
    assert proc.stderr == f"All checks passed ({MIN_FILES} files checked).\n"
