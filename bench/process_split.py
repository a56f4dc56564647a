"""How a cold run's work splits between its processes: do they end together?

    python bench/process_split.py [--rounds N] [CHECKOUT] [TREE]   # default: this checkout, the installed torch package

Runs `check -q --no-cache TREE` as the command line does (workers where they pay, the screening child), with
the checkout's code, and logs from every process (the runner, the child that screens ahead, each worker) when
it starts and ends each step and the CPU seconds it has spent by then. Per process: its role, its CPU seconds,
how many tasks it analysed and their CPU, and when (wall clock, from the start) it was last busy; then when
the last task ended in each analysing process, and the gap between them: the time one core idled at the end.
On a loaded machine the wall clock is the load's; the CPU columns are the work.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

TORCH = Path(importlib.util.find_spec("torch").origin).parent  # type: ignore[arg-type, union-attr]
# Run in the checked run's interpreter: wraps the runner's steps to log them, then runs the command line.
LOGGED = r"""
import os, sys, time
T0 = time.perf_counter()
LOG = os.open(sys.argv[1], os.O_WRONLY | os.O_CREAT | os.O_APPEND)
def log(what):
    times = os.times()
    os.write(LOG, f"{time.perf_counter() - T0:.4f} {os.getpid()} {times.user + times.system:.4f} {what}\n".encode())
from zerograd_lint.files import runner, screening
run_task, screen_all = runner.run_task, screening.settle_all
def logged_task(task, *rest):
    log("task")
    try:
        return run_task(task, *rest)
    finally:
        log("task end")
def logged_screen(items, settle, finish, fd):
    log("screening")
    screen_all(items, settle, lambda: (log("screened"), finish()), fd)
runner.run_task, screening.settle_all = logged_task, logged_screen
log("start")
sys.argv = ["zerograd-lint", "check", "-q", "--no-cache", sys.argv[2]]
from zerograd_lint.doors.launch import program
program()
"""


def one_run(checkout: Path, tree: Path) -> list[str]:
    """The table of one run."""
    with tempfile.TemporaryDirectory() as scratch:
        log = Path(scratch) / "log"
        env = {**os.environ, "PYTHONPATH": str(checkout)}
        subprocess.run([sys.executable, "-c", LOGGED, str(log), str(tree)], env=env, cwd=scratch, stdout=subprocess.DEVNULL)
        lines = log.read_text().splitlines()
    processes: dict[str, dict] = {}
    for line in lines:
        wall, pid, cpu, what = re.match(r"(\S+) (\S+) (\S+) (.*)", line).groups()  # type: ignore[union-attr]
        process = processes.setdefault(pid, {"role": "worker", "cpu": 0.0, "tasks": 0, "task cpu": 0.0, "last": 0.0, "task end": None, "log": []})
        process["log"].append((float(wall), float(cpu)))
        process["cpu"], process["last"] = float(cpu), float(wall)
        if what == "start":
            process["role"] = "runner"
        elif what in ("screening", "screened"):
            process["role"] = "screening child"
        elif what == "task":
            process["started"] = float(cpu)
        elif what == "task end":
            process["tasks"] += 1
            process["task cpu"] += float(cpu) - process["started"]
            process["task end"] = float(wall)
    rows = ["| process | CPU s | tasks | their CPU s | last busy at (wall s) |", "|---|---:|---:|---:|---:|"]
    for process in processes.values():
        rows.append(f"| {process['role']} | {process['cpu']:.2f} | {process['tasks']} | {process['task cpu']:.2f} | {process['last']:.2f} |")
    analysing = sorted((p for p in processes.values() if p["task end"] is not None), key=lambda p: p["task end"])
    if len(analysing) > 1:
        first, last = analysing[0]["task end"], analysing[-1]
        # What the last process still spent once the first had ended its last task: CPU seconds, which the load moves
        # less (its CPU at that moment read between the two log lines around it).
        (wall_before, cpu_before), (wall_after, cpu_after) = next(
            (a, b) for a, b in zip(last["log"], last["log"][1:]) if a[0] <= first <= b[0]
        )
        at_first = cpu_before + (cpu_after - cpu_before) * (first - wall_before) / ((wall_after - wall_before) or 1)
        after = last["cpu"] - at_first
        ends = ", ".join(f"{p['task end']:.2f}" for p in analysing)
        rows.append(f"\nthe last tasks ended at {ends} s (wall); the last process spent {after:.2f} s of CPU after the first had ended")
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("checkout", type=Path, nargs="?", default=Path(__file__).resolve().parent.parent)
    parser.add_argument("tree", type=Path, nargs="?", default=TORCH)
    parser.add_argument("--rounds", type=int, default=1)
    arguments = parser.parse_args()
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(arguments.checkout / "zerograd_lint")], stdout=subprocess.DEVNULL, check=True)
    for round_ in range(arguments.rounds):
        print(f"run {round_ + 1}, {arguments.checkout}:\n")
        print("\n".join(one_run(arguments.checkout.resolve(), arguments.tree)), end="\n\n")


if __name__ == "__main__":
    main()
