"""Issue 28's table, measured in one run: what JSON output, a large file and a loaded machine cost.

    python bench/speed_table.py [--large] [--runs 3] [--functions 100 400] [--repo DIR]

Each figure runs this checkout's `python -m zerograd_lint check --no-cache` in a fresh process (CPU
time, user and system, of it and its workers, median of `--runs` interleaved runs: on a shared machine
wall time mostly says how busy it is; peak memory, the largest resident size of one process in those
runs; for the 1 MB rows the wall time too, with the load average at the end of the run) on
files of small training functions written by `training_functions` (half without their clear: a
fixable ZG101 each). `--large` adds the 1 MB rows (4,000 functions, each format once, and the same
file checked again while other processes keep every core busy, its reports compared byte for byte).
The last rows are the per-call yardstick: a file with no training code, a 60-line training script and a
training script whose step and optimizer factory live in two modules of its project (issue 26: read on
demand) against the same interpreter's `python -c pass`, medians of 9 interleaved runs.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
FUNCTION = '''

def train_{index}(loader, epochs={epochs}):
    """Fit model {index} to the loader's batches."""
    model = nn.Sequential(nn.Linear({width}, 32), nn.ReLU(), nn.Linear(32, 1))
    optimizer = torch.optim.SGD(model.parameters(), lr=0.0{rate}, momentum=0.9)
    for epoch in range(epochs):
        for x, y in loader:
{clear}            loss = F.mse_loss(model(x), y)
            loss.backward()
            optimizer.step()
    return model
'''
HEADER = "import torch\nimport torch.nn.functional as F\nfrom torch import nn\n"
PROJECT_MODULES = {
    "pyproject.toml": "",
    "project/__init__.py": "",
    "project/optim.py": (
        "import torch\n\n\ndef build_optimizer(model, lr):\n"
        "    return torch.optim.AdamW(model.parameters(), lr=lr)\n"
    ),
    "project/engine.py": (
        "import torch.nn.functional as F\n\n\ndef train_step(model, optimizer, batch):\n"
        "    inputs, targets = batch\n    loss = F.mse_loss(model(inputs), targets)\n"
        "    loss.backward()\n    optimizer.step()\n    return loss.item()\n"
    ),
    "train.py": (
        "import torch\nfrom torch import nn\n\nfrom project.engine import train_step\n"
        "from project.optim import build_optimizer\n\nmodel = nn.Linear(8, 1)\n"
        "optimizer = build_optimizer(model, 1e-3)\n"
        "loader = [(torch.randn(4, 8), torch.randn(4, 1)) for _ in range(10)]\n"
        "for epoch in range(3):\n    for batch in loader:\n        train_step(model, optimizer, batch)\n"
    ),
}
PLAIN = "import os\n\n\ndef size(path):\n    return os.path.getsize(path)\n" * 6


def training_functions(count: int) -> str:
    """`count` small training functions; every other one forgets its `optimizer.zero_grad()` (ZG101, fixable)."""
    clears = ("            optimizer.zero_grad()\n", "")
    return HEADER + "".join(
        FUNCTION.format(index=i, epochs=i % 5 + 1, width=i % 64 + 1, rate=i % 9 + 1, clear=clears[i % 2]) for i in range(count)
    )


def script_of(lines: int) -> str:
    """A training script of about `lines` lines (one function of the shape above, the rest plain code)."""
    body = training_functions(1)
    while body.count("\n") < lines:
        body += f"\n\ndef helper_{body.count(chr(10))}(values):\n    return sum(values) / max(len(values), 1)\n"
    return body


def run(command: list[str], cwd: Path) -> tuple[float, float, bytes]:
    """CPU seconds, peak resident MB and stdout of one run (the checkout `--repo` names is on PYTHONPATH)."""
    seconds, peak, out, _ = timed_run(command, cwd)
    return seconds, peak, out


def timed_run(command: list[str], cwd: Path) -> tuple[float, float, bytes, float]:
    """`run`'s figures, and the run's wall time."""
    start = time.perf_counter()
    process = subprocess.Popen(command, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    out = process.stdout.read() if process.stdout else b""
    _, _, usage = os.wait4(process.pid, 0)
    return usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024, out, time.perf_counter() - start


def check(path: Path, *args: str) -> list[str]:
    return [sys.executable, "-m", "zerograd_lint", "check", "--no-cache", *args, str(path)]


def medians(commands: dict[str, list[str]], cwd: Path, runs: int) -> dict[str, tuple[float, float]]:
    """Each command's median CPU time and peak memory, the commands interleaved run by run."""
    times: dict[str, list[float]] = {name: [] for name in commands}
    peaks: dict[str, float] = {name: 0.0 for name in commands}
    for _ in range(runs):
        for name, command in commands.items():
            seconds, peak, _ = run(command, cwd)
            times[name].append(seconds)
            peaks[name] = max(peaks[name], peak)
    return {name: (statistics.median(times[name]), peaks[name]) for name in commands}


def row(what: str, now: str, goal: str) -> None:
    print(f"| {what} | {now} | {goal} |", flush=True)


def json_rows(folder: Path, runs: int, counts: list[int]) -> None:
    for count in counts:
        path = folder / f"functions_{count}.py"
        path.write_text(training_functions(count))
        found = medians({"text": check(path), "json": check(path, "--format", "json")}, folder, runs)
        (text, _), (as_json, _) = found["text"], found["json"]
        size = path.stat().st_size / 1024
        row(f"`check --format json`, {size:.0f} KB, {count} functions ({count // 2} fixable ZG101)",
            f"{as_json:.2f} s of CPU (text {text:.2f} s: {as_json / text:.2f}x)", "within 1.2x of text")


def large_rows(folder: Path) -> None:
    path = folder / "functions_4000.py"
    path.write_text(training_functions(4000))
    size = path.stat().st_size / 2**20
    reports = {}
    for output_format in ("text", "json", "github", "sarif", "junit"):
        seconds, peak, reports[output_format], wall = timed_run(check(path, "--format", output_format), folder)
        load = os.getloadavg()[0]
        row(
            f"{size:.1f} MB, 4,000 functions, `--format {output_format}`",
            f"{wall:.1f} s (load {load:.1f}), {seconds:.1f} s of CPU, {peak:.0f} MB", "≤ 15 s, ≤ 300 MB",
        )
    burners = [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(os.cpu_count() or 1)]
    try:
        _, _, loaded = run(check(path, "--format", "json"), folder)
    finally:
        for burner in burners:
            burner.kill()
            burner.wait()
    same = "identical" if loaded == reports["json"] else "DIFFERENT"
    row("the same file alone and while other processes keep every core busy", f"reports {same}", "identical every time")


def project_with_imports(folder: Path) -> Path:
    """A training script whose loop calls a step and an optimizer factory of two project modules (a ZG101 there)."""
    for name, text in PROJECT_MODULES.items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_text(text)
    return folder / "train.py"


def latency_rows(folder: Path) -> None:
    plain, script = folder / "plain.py", folder / "train_script.py"
    plain.write_text(PLAIN)
    script.write_text(script_of(60))
    importing = project_with_imports(folder / "project_tree")
    commands = {
        "pass": [sys.executable, "-c", "pass"], "plain": check(plain), "script": check(script),
        "importing": check(importing),
    }
    found = medians(commands, folder, 9)
    _, _, reports = run(commands["importing"], folder)
    reported_in = sorted({Path(line.split(":")[0]).relative_to(folder) for line in reports.decode().splitlines()})
    base = found["pass"][0]
    row("one file with no training code, vs `python -c pass`", f"{found['plain'][0] / base:.1f}x ({found['plain'][0]:.2f} s)", "≤ 4x")
    row("one training script (60 lines), same yardstick", f"{found['script'][0] / base:.1f}x ({found['script'][0]:.2f} s)", "≤ 15x")
    row(
        "one training script importing its step and optimizer factory from two project modules, same yardstick",
        f"{found['importing'][0] / base:.1f}x ({found['importing'][0]:.2f} s; reports in {', '.join(map(str, reported_in))})",
        "≤ 15x",
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--large", action="store_true", help="add the 1 MB rows (minutes)")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--functions", type=int, nargs="*", default=[100, 400], help="the JSON rows' sizes")
    parser.add_argument("--repo", type=Path, default=REPO, help="the checkout whose code runs (default: this one)")
    arguments = parser.parse_args()
    os.environ["PYTHONPATH"] = str(arguments.repo.resolve())
    # Measure what an installed copy costs: where no bytecode is written, every run would compile every module.
    package = arguments.repo.resolve() / "zerograd_lint"
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(package)], stdout=subprocess.DEVNULL, check=True)
    print("| what | now | goal |\n|---|---|---|")
    with tempfile.TemporaryDirectory() as temporary:
        folder = Path(temporary)
        json_rows(folder, arguments.runs, arguments.functions)
        if arguments.large:
            large_rows(folder)
        latency_rows(folder)


if __name__ == "__main__":
    main()
