"""One table: how fast zerograd-lint is where people wait, each figure a ratio measured in the same run.

    bash bench/setup_tools.sh               # ruff in a throwaway venv (the yardstick)
    python bench/run_benchmark.py           # the table (markdown) and the goals of issue 13

- One file, as pre-commit and editors ask: `check` of a file with no training
  code and of a training script, against `python -c pass` (the interpreter's
  own start; no tool written in Python can be faster).
- A large tree, as CI asks: the installed torch package (about 2,300 files),
  cold (empty cache) and warm, against `ruff check --select E9 --no-cache`
  (read and parse every file, in Rust: the floor); peak memory.
- Cost that grows with the file: a file of many small top-level training loops
  (bench/many_loops.py) from 50 KB to 4 MB, analysed as `check` analyses a file
  (the 4 MB one spends about 1.55 million of the 2 million steps of work a file
  may take, so it runs to the end): CPU time and peak memory per KB of source,
  which must stay flat.

The checkout's modules are compiled first, as `pip install` compiles an
installed package's (where `PYTHONDONTWRITEBYTECODE` is set, a run would
otherwise compile each module it imports, every time). The tools run one after
another, interleaved when repeating, so load drifts hit each alike; a cell is
the best of the repetitions (the least disturbed).
CPU time counts every process of a tool (workers included); peak memory is the
largest single process (from the kernel) and all processes together (sampled
every 10 ms).
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import random
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
TOOLS = Path(os.environ.get("ZG_BENCH_TOOLS", "/tmp/zerograd-bench-tools"))
PAGE = os.sysconf("SC_PAGE_SIZE")
sys.path[:0] = [str(REPO), str(REPO / "bench")]

from generate_training_tree import training_script  # noqa: E402
from many_loops import many_loops  # noqa: E402

PLAIN = '''"""Helpers that never train: paths and sizes."""

import os
from pathlib import Path


def size_of(path: str) -> int:
    return os.path.getsize(path)


def python_files(root: str) -> list[Path]:
    return sorted(Path(root).rglob("*.py"))
'''
# The engine on one file, as `check` runs it (the collector tuned for parsing).
ANALYSE = (
    "import sys; from zerograd_lint.core.engine import analyze_source; from zerograd_lint.files.runner import collector_tuned_for_one_file\n"
    "with collector_tuned_for_one_file(): analyze_source(open(sys.argv[1]).read(), sys.argv[1])"
)
LOOP_SIZES_KB = (50, 100, 200, 1024, 4096)


@dataclass(frozen=True)
class Measurement:
    wall: float
    cpu: float
    peak_process_mb: float
    peak_total_mb: float


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
    if os.waitstatus_to_exitcode(status) not in (0, 1):
        raise SystemExit(f"failed: {' '.join(command)}")
    # ru_maxrss of a waited child is the largest resident set of it and its descendants, in KiB.
    return Measurement(wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024, peak / 2**20)


def best(runs: list[Measurement]) -> Measurement:
    return min(runs, key=lambda m: m.wall)


def interleaved(commands: dict[str, tuple[list[str], Path]], repeat: int, env: dict[str, str], before: dict | None = None) -> dict[str, Measurement]:
    """Each command `repeat` times, in turns; the best run of each."""
    runs: dict[str, list[Measurement]] = {name: [] for name in commands}
    for _ in range(repeat):
        for name, (command, cwd) in commands.items():
            if before and name in before:
                before[name]()
            runs[name].append(measure(command, cwd, env))
            print(f"  {name}: {runs[name][-1].wall:.2f}s", file=sys.stderr)
    return {name: best(found) for name, found in runs.items()}


def ruff() -> str:
    for candidate in (TOOLS / "ruff" / "bin" / "ruff", shutil.which("ruff")):
        if candidate and Path(candidate).exists():
            return str(candidate)
    raise SystemExit("ruff not found: run bash bench/setup_tools.sh (or pip install ruff in a venv on PATH)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3, help="runs of each tool on the tree (best taken)")
    parser.add_argument("--single-repeat", type=int, default=10, help="runs of each single-file command")
    parser.add_argument("--torch-dir", type=Path, default=Path(importlib.util.find_spec("torch").origin).parent)
    parser.add_argument("--loops-kb", type=int, nargs="*", default=list(LOOP_SIZES_KB), help="sizes of the many-loops file (none: leave it out)")
    args = parser.parse_args()

    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(REPO), os.environ.get("PYTHONPATH")]))}
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(REPO / "zerograd_lint")], check=True)
    python, zerograd = sys.executable, [sys.executable, "-m", "zerograd_lint", "check", "--no-cache", "--quiet"]
    rows: list[tuple[str, str, str, str]] = []  # what, measured, against, ratio
    with tempfile.TemporaryDirectory(prefix="zg-bench-") as scratch:
        work = Path(scratch)
        (work / "plain.py").write_text(PLAIN)
        (work / "train.py").write_text(training_script("trainer_class", True, random.Random(0), "A trainer with a bug"))
        single = interleaved(
            {
                "python -c pass": ([python, "-c", "pass"], work),
                "no training code": ([*zerograd, "plain.py"], work),
                "a training script": ([*zerograd, "train.py"], work),
            },
            args.single_repeat, env,
        )
        floor = single["python -c pass"]
        for name in ("no training code", "a training script"):
            m = single[name]
            rows.append((f"check one file: {name}", f"{m.wall * 1000:.0f} ms", f"`python -c pass` {floor.wall * 1000:.0f} ms", f"{m.wall / floor.wall:.1f}×"))

        cache = work / ".zerograd_lint_cache"
        tree = [sys.executable, "-m", "zerograd_lint", "check", "--quiet", str(args.torch_dir)]
        trees = interleaved(
            {
                "ruff": ([ruff(), "check", "--select", "E9", "--no-cache", "--exit-zero", "--quiet", str(args.torch_dir)], work),
                "cold": (tree, work),
                "warm": (tree, work),
            },
            args.repeat, env, before={"cold": lambda: shutil.rmtree(cache, ignore_errors=True)},
        )
        yardstick = trees["ruff"]
        files = sum(1 for _ in args.torch_dir.rglob("*.py"))
        for name in ("cold", "warm"):
            m = trees[name]
            rows.append((f"torch's tree ({files} files), {name}", f"{m.wall:.2f} s (CPU {m.cpu:.2f} s)",
                         f"ruff `--select E9` {yardstick.wall:.2f} s (CPU {yardstick.cpu:.2f} s)", f"{m.wall / yardstick.wall:.1f}×"))
        cold = trees["cold"]
        rows.append(("peak memory, torch's tree cold", f"{cold.peak_process_mb:.0f} MB (all processes {cold.peak_total_mb:.0f} MB)",
                     f"ruff {yardstick.peak_process_mb:.0f} MB", f"{cold.peak_process_mb / yardstick.peak_process_mb:.1f}×"))

        per_kb: list[tuple[int, float, float]] = []
        if args.loops_kb:
            # The 1 KB file is what every size pays once: the imports (LibCST and the analysis, as any file with a
            # loop needs), one KB of loops. The files under a megabyte are measured in turns, best of --repeat, as
            # the tree is (one run swings by a fifth with the machine's load); the larger ones, minutes each, once.
            sizes = (1, *args.loops_kb)
            commands: dict[str, tuple[list[str], Path]] = {}
            for kb in sizes:
                path = work / f"loops_{kb}kb.py"
                path.write_text(many_loops(kb * 1024))
                commands[f"many loops {kb} KB"] = ([python, "-c", ANALYSE, str(path)], work)

            def runs(chosen: list[int], repeat: int) -> dict[str, Measurement]:
                return interleaved({f"many loops {kb} KB": commands[f"many loops {kb} KB"] for kb in chosen}, repeat, env)

            loops = {**runs([kb for kb in sizes if kb < 1024], args.repeat), **runs([kb for kb in sizes if kb >= 1024], 1)}
            base = loops["many loops 1 KB"]
            totals: list[tuple[float, float]] = []
            for kb in args.loops_kb:
                m = loops[f"many loops {kb} KB"]
                per_kb.append((kb, (m.cpu - base.cpu) / (kb - 1) * 1000, (m.peak_process_mb - base.peak_process_mb) / (kb - 1)))
                totals.append((m.cpu, m.peak_process_mb))
            first_kb, first_ms, first_mb = per_kb[0]
            for (kb, ms, mb), (cpu, peak) in zip(per_kb, totals):
                rows.append((
                    f"many top-level loops, {kb} KB: CPU, memory per KB", f"{ms:.1f} ms, {mb:.2f} MB (CPU {cpu:.1f} s, peak {peak:.0f} MB)",
                    f"the {first_kb} KB file: {first_ms:.1f} ms, {first_mb:.2f} MB", f"{ms / first_ms:.2f}×, {mb / first_mb:.2f}×",
                ))

    load = os.getloadavg()[0]
    print(f"Machine: {os.cpu_count()} cores ({len(os.sched_getaffinity(0))} usable), load average {load:.1f} at the end, "
          f"Python {sys.version.split()[0]}; single files best of {args.single_repeat}, the tree and the many-loops files under "
          f"1 MB best of {args.repeat}.\n")
    print("| what | measured | against | ratio |\n|---|---|---|---:|")
    for row in rows:
        print("| " + " | ".join(row) + " |")
    print()
    print(goals(single, trees, per_kb))


def goals(single: dict[str, Measurement], trees: dict[str, Measurement], per_kb: list[tuple[int, float, float]]) -> str:
    floor, ruff_wall = single["python -c pass"].wall, trees["ruff"].wall
    cpu_per_kb = [ms for _, ms, _ in per_kb]
    mb_per_kb = [mb for _, _, mb in per_kb]
    checks = [
        ("one file with no training code ≤ 4× `python -c pass`", single["no training code"].wall / floor, 4),
        ("one training script ≤ 20× `python -c pass`", single["a training script"].wall / floor, 20),
        ("torch's tree cold ≤ 3× ruff", trees["cold"].wall / ruff_wall, 3),
        ("torch's tree warm ≤ 1× ruff", trees["warm"].wall / ruff_wall, 1),
        ("peak memory (largest process), torch cold < 150 MB", trees["cold"].peak_process_mb, 150),
    ]
    if per_kb:
        checks += [
            ("many loops: CPU per KB, largest ÷ smallest of the sizes ≤ 1.5", max(cpu_per_kb) / min(cpu_per_kb), 1.5),
            ("many loops: memory per KB, largest ÷ smallest of the sizes ≤ 1.5", max(mb_per_kb) / min(mb_per_kb), 1.5),
        ]
    lines = ["| goal (issue 13) | measured | met |", "|---|---:|---|"]
    lines += [f"| {goal} | {value:.2f} | {'yes' if value <= limit else '**no**'} |" for goal, value, limit in checks]
    return "\n".join(lines)


if __name__ == "__main__":
    main()
