"""`--jobs`: worker processes change how fast, never what is reported or in which order."""

from __future__ import annotations

import subprocess
import sys

import pytest
from conftest import REPO, run_cli


@pytest.mark.slow
def test_parallel_and_serial_runs_print_the_same_report(tmp_path):
    subprocess.run([sys.executable, str(REPO / "bench" / "generate_training_tree.py"), str(tmp_path), "--scripts", "16"], check=True)
    serial = run_cli("check", "--no-cache", "--jobs", "1", ".", cwd=tmp_path)
    assert serial.returncode == 1, serial.stderr
    assert len(serial.stdout.splitlines()) >= 5
    for jobs in ("2", "3", "8"):
        parallel = run_cli("check", "--no-cache", "--jobs", jobs, ".", cwd=tmp_path)
        assert (parallel.returncode, parallel.stdout, parallel.stderr) == (serial.returncode, serial.stdout, serial.stderr)
    default = run_cli("check", "--no-cache", ".", cwd=tmp_path)
    assert default.stdout == serial.stdout
    lines = serial.stdout.splitlines()
    assert lines == sorted(lines, key=lambda line: (line.split(":")[0], int(line.split(":")[1])))


def test_jobs_must_be_positive(tmp_path):
    result = run_cli("check", "--jobs", "0", ".", cwd=tmp_path)
    assert result.returncode == 2
    assert "--jobs" in result.stderr
