"""Proof by execution: every buggy runnable fixture and runtime script with a fixable report is
fixed (`--fix --unsafe-fixes`) on a copy, and the copies run under the runtime guard, all in one
subprocess (torch imported once). The guard must no longer see the fixed codes, nor any code it
did not see before, and the training must run to its end unless an unfixed bug stops it."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import FIXTURES, REPO, cli_env

from zerograd_lint.core.engine import analyze_source
from zerograd_lint.core.fixing import fix_source
from zerograd_lint.fixes import FIXES

pytestmark = [pytest.mark.slow, pytest.mark.torch]

SCRIPTS = REPO / "tests" / "data" / "runtime_scripts"

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


def header(source: str, key: str) -> str | None:
    found = re.findall(rf"^#\s*{key}:\s*(\w+)", source, flags=re.MULTILINE)
    return found[0] if found else None


def test_fixed_scripts_run_clean_under_the_guard(tmp_path: Path) -> None:
    fixed: dict[str, set[str]] = {}  # copy -> codes fixed
    allowed: dict[str, tuple[set[str], str | None]] = {}  # copy -> codes and error that may remain
    for script in [*sorted(FIXTURES.glob("zg*.py")), *sorted(SCRIPTS.glob("bug_*.py"))]:
        source = script.read_text(encoding="utf-8")
        if not runnable(source) or not any(d.code in FIXES for d in analyze_source(source)):
            continue
        outcome = fix_source(source, script.name, unsafe=True)
        if not outcome.applied:
            continue
        folder = tmp_path / script.stem
        folder.mkdir()
        (folder / script.name).write_text(outcome.source, encoding="utf-8")
        codes = {d.code for d, _ in outcome.applied}
        fixed[str(folder / script.name)] = codes
        if script.parent == SCRIPTS:  # what the guard found before, less what was fixed, may remain
            before = set(re.findall(r"#\s*<-\s*(ZG\d{3})", source))
            allowed[str(folder / script.name)] = (before - codes, header(source, "raises"))
    assert len(fixed) >= 35
    assert any(name.startswith(str(tmp_path / "bug_lbfgs")) for name in fixed)  # closures are proven too

    proc = subprocess.run(
        [sys.executable, "-c", RUNNER, *fixed], cwd=REPO, env=cli_env(), capture_output=True, text=True, timeout=300
    )
    assert proc.returncode == 0, proc.stderr
    results = [json.loads(line) for line in proc.stdout.splitlines() if line.startswith('{"path"')]
    assert [r["path"] for r in results] == list(fixed)

    def failed(r: dict) -> bool:
        codes, error = allowed.get(r["path"], (set(), None))
        unfixed_error = error is not None and r["error"] == error and bool(codes)
        return not set(r["codes"]) <= codes or (r["error"] is not None and not unfixed_error)

    failures = [r for r in results if failed(r)]
    assert failures == [], "\n".join(f"{r} fixed {sorted(fixed[r['path']])}" for r in failures)
