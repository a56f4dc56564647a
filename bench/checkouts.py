"""Several checkouts side by side, in one run: what the project index costs where people wait.

    bash bench/setup_tools.sh                                  # ruff, the tree's yardstick
    python bench/checkouts.py --rounds 5 BEFORE AFTER ...      # checkouts (e.g. `git archive` of main into /tmp)

CPU seconds (user and system of every process of a run, workers included: the machine is shared, and wall
time mostly says how busy it is), each figure the median of `--rounds` runs, the checkouts and their
yardsticks interleaved run by run so that load drifts hit each alike; for torch's tree also the wall clock
(issue 28's budget is wall time, both tools with their defaults: read it on a quiet machine):

- torch's tree (the installed package), cold (empty cache) and warm, against `ruff check --select E9
  --no-cache`, and the peak memory of the largest process; cold also as the first run after an install, with
  an empty user cache folder (no dataclass methods kept yet: `files/dataclass_methods.py`);
- one file, as pre-commit and editors ask: a file with no training code, a 60-line training script, and a
  file whose loop calls a step, an optimizer factory and a loader of its project's other modules, against
  `python -c pass`.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from run_benchmark import ruff  # noqa: E402
from speed_table import PLAIN, script_of  # noqa: E402

TORCH = Path(importlib.util.find_spec("torch").origin).parent  # type: ignore[arg-type, union-attr]
# A project of four modules: the loop of `main.py` reaches the others' defs.
PROJECT = {
    "pyproject.toml": "[project]\nname = 'trainer'\n",
    "trainer/__init__.py": "",
    "trainer/engine.py": "def train_step(model, batch, optimizer):\n    loss = model(batch).mean()\n    loss.backward()\n"
    "    optimizer.step()\n    return loss.item()\n",
    "trainer/optim.py": "import torch\n\n\ndef build_optimizer(model, lr=0.1):\n    return torch.optim.SGD(model.parameters(), lr=lr)\n",
    "trainer/data.py": "def make_loader(size):\n    return [[float(i)] for i in range(size)]\n",
    "trainer/main.py": "import torch\nfrom torch import nn\n\nfrom trainer.data import make_loader\nfrom trainer.engine import train_step\n"
    "from trainer.optim import build_optimizer\n\n\ndef main(epochs=3):\n    model = nn.Linear(1, 1)\n"
    "    optimizer = build_optimizer(model)\n    loader = make_loader(32)\n    for epoch in range(epochs):\n"
    "        for batch in loader:\n            train_step(model, torch.tensor(batch), optimizer)\n",
}


def run(command: list[str], cwd: Path, checkout: Path | None = None, user_cache: Path | None = None) -> tuple[float, float, float]:
    """CPU seconds of the command and its children, the peak resident MB of its largest process, and wall seconds
    (the checkout imported; `user_cache`: the user's cache folder, else the user's own)."""
    env = {**os.environ, "PYTHONPATH": str(checkout)} if checkout is not None else None
    if env is not None and user_cache is not None:
        env["XDG_CACHE_HOME"] = str(user_cache)
    start = time.perf_counter()
    process = subprocess.Popen(command, cwd=cwd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, _, usage = os.wait4(process.pid, 0)
    return usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024, time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("checkouts", type=Path, nargs="+")
    parser.add_argument("--rounds", type=int, default=5)
    arguments = parser.parse_args()
    checkouts = [c.resolve() for c in arguments.checkouts]
    for checkout in checkouts:  # compiled, as `pip install` compiles an installed package
        subprocess.run([sys.executable, "-m", "compileall", "-q", str(checkout / "zerograd_lint")], stdout=subprocess.DEVNULL, check=True)
    work = Path(tempfile.mkdtemp(prefix="zg-checkouts-"))
    (work / "plain.py").write_text(PLAIN)
    (work / "script.py").write_text(script_of(60))
    for name, text in PROJECT.items():
        (work / "project" / name).parent.mkdir(parents=True, exist_ok=True)
        (work / "project" / name).write_text(text)
    files = {"no training code": work / "plain.py", "training script (60 lines)": work / "script.py",
             "a loop calling its project's modules": work / "project" / "trainer" / "main.py"}
    times: dict[str, list[float]] = {}
    walls: dict[str, list[float]] = {}
    peaks: dict[str, float] = {}

    def note(key: str, measured: tuple[float, float, float]) -> None:
        times.setdefault(key, []).append(measured[0])
        walls.setdefault(key, []).append(measured[2])
        peaks[key] = max(peaks.get(key, 0.0), measured[1])

    check = [sys.executable, "-m", "zerograd_lint", "check", "--quiet"]
    for _ in range(arguments.rounds):
        note("ruff", run([ruff(), "check", "--select", "E9", "--no-cache", "--exit-zero", "--quiet", str(TORCH)], work))
        note("pass", run([sys.executable, "-c", "pass"], work))
        for index, checkout in enumerate(checkouts):
            cache = work / f"cache-{index}"  # the tree's cache, one per checkout: the folder it runs in
            shutil.rmtree(cache, ignore_errors=True)
            cache.mkdir()
            fresh = work / f"user-cache-{index}"  # a user cache folder as an install finds it: empty
            shutil.rmtree(fresh, ignore_errors=True)
            note(f"{index} first", run([*check, str(TORCH)], cache, checkout, user_cache=fresh))
            shutil.rmtree(cache)
            cache.mkdir()
            note(f"{index} cold", run([*check, str(TORCH)], cache, checkout))
            note(f"{index} warm", run([*check, str(TORCH)], cache, checkout))
            for what, path in files.items():
                note(f"{index} {what}", run([*check, "--no-cache", str(path)], path.parent, checkout))
    median = {key: statistics.median(values) for key, values in times.items()}
    wall = {key: statistics.median(values) for key, values in walls.items()}
    print(f"{arguments.rounds} rounds; CPU seconds, medians; ruff {median['ruff']:.2f} s, `python -c pass` {median['pass'] * 1000:.0f} ms\n")
    print("| what | " + " | ".join(str(c) for c in checkouts) + " |\n|---|" + "---:|" * len(checkouts))
    for what, yardstick in (("cold", "ruff"), ("warm", "ruff")):
        cells = [f"{median[f'{i} {what}']:.2f} s ({median[f'{i} {what}'] / median[yardstick]:.2f}x)" for i in range(len(checkouts))]
        print(f"| torch's tree {what}, vs ruff `--select E9` | " + " | ".join(cells) + " |")
    cells = [f"{median[f'{i} first']:.2f} s ({median[f'{i} first'] / median['ruff']:.2f}x)" for i in range(len(checkouts))]
    print("| torch's tree cold, the first run after an install, vs ruff `--select E9` | " + " | ".join(cells) + " |")
    cells = [f"{wall[f'{i} cold']:.2f} s ({wall[f'{i} cold'] / wall['ruff']:.2f}x)" for i in range(len(checkouts))]
    print(f"| torch's tree cold, wall clock, vs ruff's ({wall['ruff']:.2f} s) | " + " | ".join(cells) + " |")
    print("| peak memory, torch's tree cold (largest process) | " + " | ".join(f"{peaks[f'{i} cold']:.0f} MB" for i in range(len(checkouts))) + " |")
    for what in files:
        cells = [f"{median[f'{i} {what}'] * 1000:.0f} ms ({median[f'{i} {what}'] / median['pass']:.1f}x)" for i in range(len(checkouts))]
        print(f"| one file, {what}, vs `python -c pass` | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()
