"""Where a cold run's CPU goes, phase by phase: the real run (`check --no-cache -j1`), in one process.

    python bench/profile_phases.py [TREE]          # default: the installed torch package
    python bench/profile_phases.py --whole [TREE]  # LibCST given every file whole, as before partial parsing

The runner checks the tree as `check` does with one process and no cache (the default selection), while each
function a phase names is timed where the run calls it: CPU time, so other load on the machine matters less, and
exclusive (a phase called inside another is counted in its own row only), so the rows add up to the run. Also
counted: each phase's calls and the characters given to the parsers and the text tests, the same on any machine.
Then the tasks (the files the screen passed to the engine) costing most.
"""

from __future__ import annotations

import importlib.util
import sys
import time
from pathlib import Path
from typing import Any, Callable

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

START = time.process_time()
from zerograd_lint.core import engine  # noqa: E402

IMPORTED = time.process_time()
engine.import_analysis()  # as the runner does before its workers fork
from zerograd_lint.analysis import facts, outline, parsing  # noqa: E402
from zerograd_lint.analysis.questions import grad_reads  # noqa: E402
from zerograd_lint.core import gate, project_gate  # noqa: E402
from zerograd_lint.files import project_index, runner  # noqa: E402, F401  (the runner imports it with the analysis)
from zerograd_lint.files.discovery import discover  # noqa: E402

ANALYSIS_IMPORTS = time.process_time() - IMPORTED

# (where the run looks the function up, its name, the phase, which argument is text whose length is counted)
PHASES: list[tuple[Any, str, str, int | None]] = [
    (runner, "screen_file", "screen: read, the cache's key", None),
    (runner, "words_met", "screen: the words test", 1),
    (runner, "run_task", "a task's own work (project, reports, noqa)", None),
    (engine, "file_facts", "the engine's own work", None),
    (gate.Gate, "in_text", "the text stage again (words, code)", 1),
    (project_gate.ProjectGate, "in_text", "the project gate: imported modules' words", None),
    (project_gate.ProjectGate, "may_reach_both", "the project gate: their defs", None),
    (project_gate.ProjectGate, "mark", "the project gate: marks", None),
    (project_gate.ProjectGate, "mark_loop_callers", "the project gate: a loop's calls beside own words", None),
    (project_gate, "defs_summary_of", "the project gate: its modules' defs (CPython parse, summary)", 0),
    (engine, "may_read_grad_unguarded", "the `.grad` question: parse, reads", 0),
    (outline, "without_defs_holding_none", "the `.grad` question: its code", 0),
    (engine, "python_parse", "CPython parse", 0),
    (engine, "project_tree", "CPython parse of project modules", 0),
    (grad_reads, "grad_reads_of", "the `.grad` reads", None),
    (gate, "summarize", "the tree stage", None),
    (engine, "summarize", "the tree stage", None),  # made before the gate's for the project gate's question
    (engine, "reached_code", "the code the analyses reach", 0),
    (parsing, "libcst_parse", "LibCST parse", 0),
    (facts, "build_facts", "analysis (facts)", None),
    (engine, "rule_reports", "rules", None),
]


class Phases:
    """Exclusive CPU seconds, calls and characters per phase."""

    def __init__(self) -> None:
        self.seconds: dict[str, float] = {}
        self.calls: dict[str, int] = {}
        self.characters: dict[str, int] = {}
        self.inner: list[float] = []  # per active phase: the time of the phases called inside it

    def wrap(self, owner: Any, name: str, phase: str, text: int | None) -> None:
        function: Callable[..., Any] = getattr(owner, name)

        def timed(*args: Any, **kwargs: Any) -> Any:
            start = time.process_time()
            self.inner.append(0.0)
            try:
                return function(*args, **kwargs)
            finally:
                took = time.process_time() - start
                self.seconds[phase] = self.seconds.get(phase, 0.0) + took - self.inner.pop()
                self.calls[phase] = self.calls.get(phase, 0) + 1
                if text is not None and len(args) > text:
                    self.characters[phase] = self.characters.get(phase, 0) + len(args[text])
                if self.inner:
                    self.inner[-1] += took

        setattr(owner, name, timed)


def main() -> None:
    arguments = [a for a in sys.argv[1:] if a != "--whole"]
    tree = Path(arguments[0]) if arguments else Path(importlib.util.find_spec("torch").origin).parent  # type: ignore[arg-type, union-attr]
    if "--whole" in sys.argv:
        engine.reached_code = lambda *_: None
    phases = Phases()
    for owner, name, phase, text in PHASES:
        phases.wrap(owner, name, phase, text)
    tasks: list[tuple[float, int, str]] = []
    run_task = runner.run_task

    def task_timed(task: runner.EngineTask, *rest: Any) -> runner.TaskResult:
        start = time.process_time()
        try:
            return run_task(task, *rest)
        finally:
            tasks.append((time.process_time() - start, len(task.source), task.path))

    runner.run_task = task_timed
    started = time.process_time()
    files = list(discover([str(tree)]))
    found = time.process_time()
    result = runner.check_paths(files, jobs=1)
    ended = time.process_time()
    total = ended - START
    print(f"{tree}: {len(files)} files, {len(tasks)} reach the engine, {phases.calls.get('analysis (facts)', 0)} are analysed, "
          f"{phases.calls.get('LibCST parse', 0)} LibCST parses; {len(result.diagnostics)} reports\n")
    print("| phase | calls | characters | CPU seconds | share |\n|---|---:|---:|---:|---:|")
    rows = [("imports before the run (the CLI's, the gate's)", 1, 0, IMPORTED - START), ("the analysis's imports", 1, 0, ANALYSIS_IMPORTS),
            ("discovery", 1, 0, found - started)]
    rows += [(phase, phases.calls[phase], phases.characters.get(phase, 0), seconds) for phase, seconds in phases.seconds.items()]
    rows.append(("the runner's own work", 1, 0, ended - found - sum(phases.seconds.values())))
    for phase, calls, characters, seconds in sorted(rows, key=lambda row: row[3], reverse=True):
        print(f"| {phase} | {calls} | {characters or ''} | {seconds:.3f} | {seconds / total:.0%} |")
    print(f"| total | | | {total:.3f} | |\n")
    print("| a task, CPU s | size KB | file |\n|---:|---:|---|")
    for seconds, size, path in sorted(tasks, reverse=True)[:10]:
        print(f"| {seconds:.3f} | {size // 1024} | {Path(path).relative_to(tree)} |")


if __name__ == "__main__":
    main()
