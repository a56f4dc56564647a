"""Where a cold run's time goes, phase by phase, in one process (no workers, no cache).

    python bench/profile_phases.py [TREE]      # default: the installed torch package

Each phase is timed on its own over every file that reaches it: discovery,
read + the prefilter's text stage, the prefilter's AST stage, the engine's
own CPython parse and its choice of analyses (`needs_of`), the LibCST parse
(only where an analysis needs it), the analysis (facts), and the rules. The files costing the
analysis most are listed after.
"""

from __future__ import annotations

import ast
import gc
import importlib.util
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

import libcst as cst  # noqa: E402

from zerograd_lint.analysis.facts import build_facts  # noqa: E402
from zerograd_lint.analysis.needs import needs_of  # noqa: E402
from zerograd_lint.engine import python_parse  # noqa: E402
from zerograd_lint.discovery import discover  # noqa: E402
from zerograd_lint.prefilter import mentions_gradient_lifecycle  # noqa: E402
from zerograd_lint.rules import all_rules  # noqa: E402
from zerograd_lint.runner import PARSING_GC_THRESHOLD, could_be_reported  # noqa: E402
from zerograd_lint.source import UndecodableSource, decode_source  # noqa: E402


def main() -> None:
    tree = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(importlib.util.find_spec("torch").origin).parent
    gc.set_threshold(PARSING_GC_THRESHOLD, *gc.get_threshold()[1:])  # as the runner does
    phases: dict[str, float] = {}
    counts: dict[str, int] = {}

    def timed(phase: str, function, *args):
        start = time.perf_counter()
        value = function(*args)
        phases[phase] = phases.get(phase, 0.0) + time.perf_counter() - start
        counts[phase] = counts.get(phase, 0) + 1
        return value

    files = timed("discover", lambda: list(discover([str(tree)])))
    texts = []
    for path in files:
        data = timed("read + text stage", lambda p: (d := p.read_bytes(), could_be_reported(p, d)), path)
        if data[1]:
            try:
                texts.append((path, decode_source(data[0])))
            except UndecodableSource:
                pass
    costly = []
    for path, source in texts:
        if not timed("AST stage", mentions_gradient_lifecycle, source):
            continue
        python_tree = timed("engine: CPython parse", python_parse, source, str(path))
        if not isinstance(python_tree, ast.Module):
            continue
        needs = timed("engine: needs_of", needs_of, python_tree, source)
        if not (needs.needs_libcst or needs.grad_reads):
            continue
        start = time.perf_counter()
        try:
            module = timed("LibCST parse", cst.parse_module, source) if needs.needs_libcst else None
        except (RecursionError, cst.ParserSyntaxError):
            continue
        facts = timed("analysis (facts)", build_facts, python_tree, source, module, needs)
        timed("rules", lambda f: [list(rule.check(f)) for rule in all_rules() if rule.check], facts)
        costly.append((time.perf_counter() - start, len(source), path))

    total = sum(phases.values())
    print(f"{tree}: {len(files)} files, {len(texts)} pass the text stage, {counts.get('LibCST parse', 0)} are parsed\n")
    print("| phase | files | seconds | share |\n|---|---:|---:|---:|")
    for phase, seconds in phases.items():
        print(f"| {phase} | {counts[phase] if phase != 'discover' else len(files)} | {seconds:.2f} | {seconds / total:.0%} |")
    print(f"| total | | {total:.2f} | |\n")
    print("| LibCST + analysis + rules s | size KB | file |\n|---:|---:|---|")
    for seconds, size, path in sorted(costly, key=lambda row: row[0], reverse=True)[:8]:
        print(f"| {seconds:.2f} | {size // 1024} | {path.relative_to(tree)} |")


if __name__ == "__main__":
    main()
