"""Are the reports identical before and after a change? (issue 13's and issue 16's check)

    python bench/compare_reports.py save before.json            # this checkout's reports
    python bench/compare_reports.py save after.json --repo DIR  # another checkout's (e.g. `git archive main`)
    python bench/compare_reports.py diff before.json after.json # exit 1 and the differences, if any
    python bench/compare_reports.py save warm.json --warm       # the reports a run served by the cache makes

`save` runs `python -m zerograd_lint check --select ALL --no-cache --format json`
over fixtures/, tests/data/ and the installed torch package, each as its own
run, with the checkout's code on PYTHONPATH, and keeps every report (the torch
tree's paths relative to it, so two interpreters compare alike); then the same
with the default selection, the one users run: ZG202 (in ALL) looks at every
function, so only without it are large files given to LibCST in part. With
`--warm` the cache is on: the checkout's cache folder is emptied, each tree is
checked twice (the first run fills the cache, the second is served from it),
and the second run's reports are kept, once they are found equal to the first's.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


def trees(repo: Path) -> dict[str, Path]:
    torch = Path(importlib.util.find_spec("torch").origin).parent
    return {"fixtures": repo / "fixtures", "tests/data": repo / "tests" / "data", "torch": torch}


# Each tree is checked with every rule, then with the default selection (a name of its own).
SELECTIONS = {"": ["--select", "ALL"], ", default selection": []}


def reports_of(repo: Path, name: str, root: Path, selection: list[str], cache: bool = False) -> list[dict]:
    caching = [] if cache else ["--no-cache"]
    command = [sys.executable, "-m", "zerograd_lint", "check", *selection, *caching, "--format", "json", str(root)]
    run = subprocess.run(command, cwd=repo, env={**os.environ, "PYTHONPATH": str(repo)}, capture_output=True, text=True)
    if run.returncode not in (0, 1):
        sys.exit(f"{name}: exit {run.returncode}\n{run.stderr}")
    reports = json.loads(run.stdout)
    for report in reports:  # the same tree read from two checkouts, or two installs
        report["path"] = os.path.relpath(report["path"], root)
    return reports


def save(output: Path, repo: Path, warm: bool = False) -> None:
    if warm:
        shutil.rmtree(repo / ".zerograd_lint_cache", ignore_errors=True)  # each tree's cache is the checkout's
    found = {
        name + suffix: (warm_reports_of if warm else reports_of)(repo, name, root, selection)
        for suffix, selection in SELECTIONS.items()
        for name, root in trees(repo).items()
    }
    output.write_text(json.dumps(found, indent=1, sort_keys=True))
    print(", ".join(f"{name}: {len(reports)} reports" for name, reports in found.items()))


def warm_reports_of(repo: Path, name: str, root: Path, selection: list[str]) -> list[dict]:
    cold, warm = (reports_of(repo, name, root, selection, cache=True) for _ in range(2))
    if warm != cold:
        sys.exit(f"{name}: the run served by the cache reports otherwise than the run that filled it")
    return warm


def key(report: dict) -> str:
    return json.dumps(report, sort_keys=True)


def diff(before: Path, after: Path) -> int:
    old, new = json.loads(before.read_text()), json.loads(after.read_text())
    differences = 0
    for name in sorted(old.keys() | new.keys()):
        was, now = set(map(key, old.get(name, []))), set(map(key, new.get(name, [])))
        for line in sorted(was - now):
            print(f"{name}: only before: {line}")
        for line in sorted(now - was):
            print(f"{name}: only after:  {line}")
        differences += len(was ^ now)
        print(f"{name}: {len(was)} before, {len(now)} after, {len(was ^ now)} different")
    return 1 if differences else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    commands = parser.add_subparsers(dest="command", required=True)
    saving = commands.add_parser("save", help="run the checks and keep their reports")
    saving.add_argument("output", type=Path)
    saving.add_argument("--repo", type=Path, default=REPO, help="the checkout whose code runs (default: this one)")
    saving.add_argument("--warm", action="store_true", help="with the cache: the reports of a second run, served by it")
    diffing = commands.add_parser("diff", help="compare two saved runs")
    diffing.add_argument("before", type=Path)
    diffing.add_argument("after", type=Path)
    arguments = parser.parse_args()
    if arguments.command == "save":
        save(arguments.output, arguments.repo.resolve(), arguments.warm)
        return 0
    return diff(arguments.before, arguments.after)


if __name__ == "__main__":
    sys.exit(main())
