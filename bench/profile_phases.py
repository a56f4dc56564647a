"""Where a cold run's time goes, phase by phase, in one process (no workers, no cache).

    python bench/profile_phases.py [TREE]      # default: the installed torch package

Each phase is timed (CPU time, so other load on the machine matters little) over every file that reaches it: discovery,
read + the gate's text stage, CPython's parse, the gate's tree stage (one
walk), the LibCST parse (only where a need asks for it), the analysis
(facts), and the rules. The files costing the analysis most are listed after.
"""

from __future__ import annotations

import gc
import importlib.util
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

import libcst as cst  # noqa: E402

from zerograd_lint.analysis.facts import build_facts  # noqa: E402
from zerograd_lint.discovery import discover  # noqa: E402
from zerograd_lint.engine import every_code, python_parse  # noqa: E402
from zerograd_lint.gate import gate_of  # noqa: E402
from zerograd_lint.rules import all_rules  # noqa: E402
from zerograd_lint.runner import PARSING_GC_THRESHOLD  # noqa: E402
from zerograd_lint.source import UndecodableSource, ascii_compatible, decode_source  # noqa: E402


def main() -> None:
    tree = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(importlib.util.find_spec("torch").origin).parent
    gc.set_threshold(PARSING_GC_THRESHOLD, *gc.get_threshold()[1:])  # as the runner does
    gate = gate_of(every_code())
    phases: dict[str, float] = {}
    counts: dict[str, int] = {}

    def timed(phase: str, function, *args):
        start = time.process_time()
        value = function(*args)
        phases[phase] = phases.get(phase, 0.0) + time.process_time() - start
        counts[phase] = counts.get(phase, 0) + 1
        return value

    files = timed("discover", lambda: list(discover([str(tree)])))
    texts = []
    for path in files:
        data = timed("read", path.read_bytes)
        if timed("text stage", lambda d: gate.passes_text(d if ascii_compatible(d) else decode_source(d)), data):
            try:
                texts.append((path, decode_source(data)))
            except UndecodableSource:
                pass
    costly = []
    for path, source in texts:
        python_tree = timed("CPython parse", python_parse, source, str(path))
        if not hasattr(python_tree, "body"):
            continue
        needs = timed("tree stage", gate.in_tree, gate.in_text(source), python_tree)
        if needs is None:
            continue
        start = time.process_time()
        try:
            module = timed("LibCST parse", cst.parse_module, source) if needs.needs_libcst else None
        except (RecursionError, cst.ParserSyntaxError):
            continue
        facts = timed("analysis (facts)", build_facts, python_tree, source, module, needs)
        timed("rules", lambda f: [list(rule.check(f)) for rule in all_rules() if rule.check], facts)
        costly.append((time.process_time() - start, len(source), path))

    total = sum(phases.values())
    print(f"{tree}: {len(files)} files, {len(texts)} pass the text stage, {len(costly)} the tree stage, "
          f"{counts.get('LibCST parse', 0)} are parsed by LibCST\n")
    print("| phase | files | CPU seconds | share |\n|---|---:|---:|---:|")
    for phase, seconds in phases.items():
        print(f"| {phase} | {counts[phase] if phase != 'discover' else len(files)} | {seconds:.2f} | {seconds / total:.0%} |")
    print(f"| total | | {total:.2f} | |\n")
    print("| LibCST + analysis + rules CPU s | size KB | file |\n|---:|---:|---|")
    for seconds, size, path in sorted(costly, key=lambda row: row[0], reverse=True)[:8]:
        print(f"| {seconds:.2f} | {size // 1024} | {path.relative_to(tree)} |")


if __name__ == "__main__":
    main()
