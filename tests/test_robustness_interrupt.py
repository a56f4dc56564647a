"""Ctrl-C during a run: exit 130, no report file, no half-written cache entry."""

from __future__ import annotations

import hashlib
import json
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from conftest import REPO, cli_env

pytestmark = pytest.mark.slow  # a large run interrupted and run again

GENERATOR = REPO / "bench" / "generate_training_tree.py"


def cache_entries(root: Path) -> list[Path]:
    """Every file in the cache's version folders, hidden temporary files included."""
    cache = root / ".zerograd_lint_cache"
    if not cache.is_dir():
        return []
    return sorted(entry for folder in cache.iterdir() if folder.is_dir() for entry in folder.iterdir())


def test_ctrl_c_exits_130_and_leaves_no_partial_output(tmp_path):
    tree = tmp_path / "tree"
    subprocess.run([sys.executable, str(GENERATOR), str(tree), "--scripts", "400"], check=True)
    report = tmp_path / "report.json"
    run = subprocess.Popen(
        [sys.executable, "-m", "zerograd_lint", "check", ".", "--format", "json", "--output-file", str(report)],
        cwd=tree, env=cli_env(), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )
    # Interrupt once the run is writing its cache, i.e. in the middle of the work.
    while not [entry for entry in cache_entries(tree) if entry.suffix == ".json"] and run.poll() is None:
        time.sleep(0.01)
    assert run.poll() is None, "the run ended before it could be interrupted"
    run.send_signal(signal.SIGINT)
    stdout, stderr = run.communicate(timeout=120)

    assert run.returncode == 130, stderr
    assert "Traceback" not in stderr
    assert "interrupted" in stderr
    assert not report.exists()
    assert stdout == ""
    entries = cache_entries(tree)
    assert entries
    assert not [entry for entry in entries if not entry.name.endswith(".json") and entry.name != "ruled_out"]
    for entry in entries:
        if entry.name == "ruled_out":  # the keys of the files the text stage ruled out, under a hash of them
            digest, _, keys = entry.read_text().partition("\n")
            assert hashlib.sha256(keys.encode()).hexdigest() == digest
        else:  # the reports, alone or with the hashes of the project's modules the analysis read
            saved = json.loads(entry.read_text())
            assert isinstance(saved, list) or (isinstance(saved, dict) and isinstance(saved["reports"], list))
