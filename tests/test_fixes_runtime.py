"""Proof by execution: every buggy runnable fixture with a fixable code is fixed on a copy,
and the copies run under the runtime guard, all in one subprocess (torch imported once).
The runtime must no longer see the fixed codes, and the training must run to its end."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from conftest import FIXTURES, REPO, cli_env

from zerograd_lint.engine import analyze_source
from zerograd_lint.fixes import FIXES, fix_source

# Runs each script given under the guard, in its own temp folder, and prints one JSON line per script.
RUNNER = """
import json, os, sys
from zerograd_lint.runtime.script import run_script
for path in sys.argv[1:]:
    os.chdir(os.path.dirname(path))
    outcome = run_script(path)
    print(json.dumps({"path": path, "codes": sorted({d.code for d in outcome.findings}),
                      "error": outcome.error, "exit_status": outcome.exit_status}))
"""


def runnable(source: str) -> bool:
    return "# runnable: no" not in source


def test_fixed_fixtures_run_clean_under_the_guard(tmp_path: Path) -> None:
    fixed: dict[str, set[str]] = {}
    for fixture in sorted(FIXTURES.glob("zg*.py")):
        source = fixture.read_text(encoding="utf-8")
        if not runnable(source) or not any(d.code in FIXES for d in analyze_source(source)):
            continue
        outcome = fix_source(source, fixture.name, unsafe=True)
        if not outcome.applied:
            continue
        folder = tmp_path / fixture.stem
        folder.mkdir()
        (folder / fixture.name).write_text(outcome.source, encoding="utf-8")
        fixed[str(folder / fixture.name)] = {d.code for d in outcome.applied}
    assert len(fixed) >= 25

    proc = subprocess.run(
        [sys.executable, "-c", RUNNER, *fixed], cwd=REPO, env=cli_env(), capture_output=True, text=True, timeout=300
    )
    assert proc.returncode == 0, proc.stderr
    results = [json.loads(line) for line in proc.stdout.splitlines() if line.startswith('{"path"')]
    assert [r["path"] for r in results] == list(fixed)
    failures = [
        r for r in results
        if set(r["codes"]) & fixed[r["path"]] or r["error"] is not None or r["exit_status"] != 0
    ]
    assert failures == [], "\n".join(f"{r} fixed {sorted(fixed[r['path']])}" for r in failures)
