"""One table, measured side by side in one run, and the goals of issue 7 checked against it.

    bash bench/setup_tools.sh            # TorchFix and flake8+plugin in throwaway venvs
    python bench/run_benchmark.py        # prints the table (markdown) and the goal checks

For two trees, the installed torch package's own source and a generated tree
of training projects (bench/generate_training_tree.py), it runs zerograd-lint
cold (empty cache) and warm, TorchFix (`--select ALL`), flake8 with our plugin
(`--select ZG`), and `ruff check --select E9` (read and parse, in Rust: the
floor). Each cell is the best of --repeat runs (the least disturbed by other
load). CPU time counts every process of the tool; peak memory is given for the
largest single process (exact, from the kernel) and for all its processes
together (sampled every 10 ms).
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

REPO = Path(__file__).resolve().parent.parent
TOOLS = Path(os.environ.get("ZG_BENCH_TOOLS", "/tmp/zerograd-bench-tools"))
PAGE = os.sysconf("SC_PAGE_SIZE")


@dataclass(frozen=True)
class Measurement:
    wall: float
    cpu: float
    peak_process_mb: float
    peak_total_mb: float
    exit_code: int


@dataclass(frozen=True)
class Tool:
    name: str
    command: Callable[[Path], list[str]]
    before: Callable[[], None] = lambda: None  # runs untimed before each measurement


def descendants(pid: int) -> list[int]:
    found, stack = [], [pid]
    while stack:
        current = stack.pop()
        found.append(current)
        try:
            for task in os.listdir(f"/proc/{current}/task"):
                with open(f"/proc/{current}/task/{task}/children") as children:
                    stack.extend(int(child) for child in children.read().split())
        except OSError:
            continue
    return found


def tree_rss(pid: int) -> int:
    total = 0
    for process in descendants(pid):
        try:
            with open(f"/proc/{process}/statm") as statm:
                total += int(statm.read().split()[1]) * PAGE
        except (OSError, IndexError, ValueError):
            pass
    return total


def measure(command: list[str], cwd: Path, env: dict[str, str]) -> Measurement:
    start = time.perf_counter()
    process = subprocess.Popen(command, cwd=cwd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    peak = 0
    done = threading.Event()

    def sample() -> None:
        nonlocal peak
        while not done.is_set():
            peak = max(peak, tree_rss(process.pid))
            time.sleep(0.01)

    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    _, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - start
    done.set()
    sampler.join()
    process.returncode = os.waitstatus_to_exitcode(status)
    # ru_maxrss of a waited child is the largest resident set of it and its descendants, in KiB.
    return Measurement(wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024, peak / 2**20, process.returncode)


def best(runs: list[Measurement]) -> Measurement:
    return min(runs, key=lambda m: m.wall)


def count_files(tree: Path) -> tuple[int, int]:
    """(Python files, bytes) as zerograd-lint discovers them."""
    sys.path.insert(0, str(REPO))
    from zerograd_lint.discovery import discover

    files = list(discover([str(tree)]))
    return len(files), sum(path.stat().st_size for path in files if path.is_file())


def tools(workdir: Path, jobs: int | None) -> list[Tool]:
    cache = workdir / ".zerograd_lint_cache"
    jobs_option = ["--jobs", str(jobs)] if jobs else []

    def zerograd(tree: Path) -> list[str]:
        return [sys.executable, "-m", "zerograd_lint", "check", *jobs_option, str(tree)]

    found = [
        Tool("ruff check --select E9 (floor)", lambda tree: ["ruff", "check", "--select", "E9", "--no-cache", "--exit-zero", "--quiet", str(tree)]),
        Tool("zerograd-lint cold", zerograd, before=lambda: shutil.rmtree(cache, ignore_errors=True)),
        Tool("zerograd-lint warm (cache)", zerograd),
    ]
    torchfix = TOOLS / "torchfix" / "bin" / "torchfix"
    if torchfix.exists():
        found.append(Tool("TorchFix --select ALL", lambda tree: [str(torchfix), "--select", "ALL", str(tree)]))
    flake8 = TOOLS / "flake8" / "bin" / "flake8"
    if flake8.exists() and "ZG" in subprocess.run([str(flake8), "--version"], capture_output=True, text=True).stdout:
        found.append(Tool("flake8 --select ZG (our plugin)", lambda tree: [str(flake8), "--select", "ZG", str(tree)]))
    return found


def run_tree(label: str, tree: Path, repeat: int, jobs: int | None, env: dict[str, str]) -> list[tuple[str, Measurement]]:
    rows = []
    with tempfile.TemporaryDirectory(prefix="zg-bench-") as scratch:
        workdir = Path(scratch)
        chosen = tools(workdir, jobs)
        runs: dict[str, list[Measurement]] = {tool.name: [] for tool in chosen}
        for _ in range(repeat):  # interleaved, so slow drifts in load hit every tool alike
            for tool in chosen:
                tool.before()
                runs[tool.name].append(measure(tool.command(tree), workdir, env))
                print(f"  {label}: {tool.name}: {runs[tool.name][-1].wall:.2f}s", file=sys.stderr)
        rows = [(tool.name, best(runs[tool.name])) for tool in chosen]
    return rows


def table(results: dict[str, tuple[str, list[tuple[str, Measurement]]]]) -> str:
    lines = [
        "| tree | tool | wall s | CPU s | peak MB (largest process) | peak MB (all processes) | wall ÷ ruff | TorchFix ÷ wall |",
        "|---|---|---:|---:|---:|---:|---:|---:|",
    ]
    for label, (description, rows) in results.items():
        by_name = dict(rows)
        ruff = next(m for name, m in rows if name.startswith("ruff"))
        torchfix = next((m for name, m in rows if name.startswith("TorchFix")), None)
        for name, m in rows:
            versus_torchfix = f"{torchfix.wall / m.wall:.1f}×" if torchfix else "n/a"
            lines.append(
                f"| {label} ({description}) | {name} | {m.wall:.2f} | {m.cpu:.2f} | {m.peak_process_mb:.0f} | "
                f"{m.peak_total_mb:.0f} | {m.wall / ruff.wall:.1f}× | {versus_torchfix} |"
            )
        del by_name
    return "\n".join(lines)


def goals(torch_rows: list[tuple[str, Measurement]], growth: list[tuple[int, float]]) -> str:
    by_name = dict(torch_rows)
    ruff = by_name["ruff check --select E9 (floor)"]
    cold = by_name["zerograd-lint cold"]
    warm = by_name["zerograd-lint warm (cache)"]
    torchfix = by_name.get("TorchFix --select ALL")
    per_script = [wall / scripts for scripts, wall in growth]
    checks = [
        ("torch cold ≤ 3× ruff wall", f"{cold.wall / ruff.wall:.1f}×", cold.wall <= 3 * ruff.wall),
        ("torch cold ≥ 20× faster than TorchFix", f"{torchfix.wall / cold.wall:.1f}×" if torchfix else "n/a",
         bool(torchfix) and torchfix.wall >= 20 * cold.wall),
        ("torch warm ≤ ruff wall", f"{warm.wall / ruff.wall:.1f}×", warm.wall <= ruff.wall),
        ("peak memory < 250 MB (largest process, cold)", f"{cold.peak_process_mb:.0f} MB", cold.peak_process_mb < 250),
        ("linear in training files (s per script, smallest to largest tree)",
         " → ".join(f"{s * 1000:.1f} ms" for s in per_script), max(per_script) <= 1.5 * min(per_script)),
    ]
    lines = ["| goal | measured | met |", "|---|---|---|"]
    lines += [f"| {goal} | {value} | {'yes' if met else '**no**'} |" for goal, value, met in checks]
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scripts", type=int, default=1000, help="training projects in the generated tree (6 files each)")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--jobs", type=int, help="zerograd-lint --jobs (default: its own, all cores)")
    parser.add_argument("--torch-dir", type=Path, default=Path(importlib.util.find_spec("torch").origin).parent)
    args = parser.parse_args()

    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(REPO), os.environ.get("PYTHONPATH")]))}
    with tempfile.TemporaryDirectory(prefix="zg-bench-trees-") as scratch:
        generated = Path(scratch) / "training"
        subprocess.run([sys.executable, str(REPO / "bench" / "generate_training_tree.py"), str(generated), "--scripts", str(args.scripts)], check=True)
        results = {}
        for label, tree in (("torch", args.torch_dir), ("training", generated)):
            files, size = count_files(tree)
            results[label] = (f"{files} files, {size / 2**20:.0f} MB", run_tree(label, tree, args.repeat, args.jobs, env))

        growth = []
        for scripts in (args.scripts // 4, args.scripts // 2, args.scripts):
            tree = Path(scratch) / f"growth-{scripts}"
            subprocess.run([sys.executable, str(REPO / "bench" / "generate_training_tree.py"), str(tree), "--scripts", str(scripts)], check=True)
            with tempfile.TemporaryDirectory(prefix="zg-bench-") as workdir:
                command = [sys.executable, "-m", "zerograd_lint", "check", "--no-cache", *(["--jobs", str(args.jobs)] if args.jobs else []), str(tree)]
                growth.append((scripts, best([measure(command, Path(workdir), env) for _ in range(args.repeat)]).wall))

    print(f"Machine: {os.cpu_count()} cores ({len(os.sched_getaffinity(0))} usable), Python {sys.version.split()[0]}, "
          f"zerograd-lint --jobs {args.jobs or 'default (all cores)'}, best of {args.repeat}.\n")
    print(table(results))
    print("\nzerograd-lint cold on generated trees (cost per training script):\n")
    print("| training scripts | files | wall s | ms per script |\n|---:|---:|---:|---:|")
    for scripts, wall in growth:
        print(f"| {scripts} | {scripts * 6} | {wall:.2f} | {wall / scripts * 1000:.1f} |")
    print("\nGoals (issue 7), on the torch tree:\n")
    print(goals(results["torch"][1], growth))


if __name__ == "__main__":
    main()
