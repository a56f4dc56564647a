"""Where a cold run's time goes, phase by phase, in one process (no workers, no cache).

    python bench/profile_phases.py [TREE]          # default: the installed torch package
    python bench/profile_phases.py --whole [TREE]  # LibCST given every file whole, as before partial parsing

Each phase is timed (CPU time, so other load on the machine matters little) over every file that reaches it: discovery,
read + the gate's text stage, CPython's parse, the `.grad` reads of a file only
the `.grad` rules can report on (before the tree stage: one without any is done),
the gate's tree stage (one walk), the code the analyses reach (large files), the LibCST parse (only
where a need asks for it), the analysis (facts) and the rules, as the engine
runs them (a large file with reports is analysed again, whole). The files
costing the analysis most are listed after. The default selection, as `check`.
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

from zerograd_lint.core import engine  # noqa: E402
from zerograd_lint.analysis import facts as facts_module  # noqa: E402
from zerograd_lint.files.discovery import discover  # noqa: E402
from zerograd_lint.analysis.questions.grad_reads import grad_reads_of  # noqa: E402
from zerograd_lint.core.engine import GRAD_READS_ONLY, PartialFacts, python_parse, rule_reports  # noqa: E402
from zerograd_lint.core.gate import gate_of  # noqa: E402
from zerograd_lint.core.selection import DEFAULT_SELECTION  # noqa: E402
from zerograd_lint.files.runner import NO_OLDER_COLLECTION, PARSING_GC_THRESHOLD  # noqa: E402
from zerograd_lint.files.source import UndecodableSource, ascii_compatible, decode_source  # noqa: E402


def main() -> None:
    arguments = [a for a in sys.argv[1:] if a != "--whole"]
    tree = Path(arguments[0]) if arguments else Path(importlib.util.find_spec("torch").origin).parent
    if "--whole" in sys.argv:
        engine.reached_code = lambda *_: None
    gc.set_threshold(PARSING_GC_THRESHOLD, NO_OLDER_COLLECTION, NO_OLDER_COLLECTION)  # as the runner does while a file is analysed
    codes = DEFAULT_SELECTION.codes()
    gate = gate_of(codes)
    phases: dict[str, float] = {}
    counts: dict[str, int] = {}

    def timed(phase: str, function, *args):
        start = time.process_time()
        value = function(*args)
        phases[phase] = phases.get(phase, 0.0) + time.process_time() - start
        counts[phase] = counts.get(phase, 0) + 1
        return value

    # The engine's own steps, timed where it calls them.
    for owner, name, phase in (
        (engine, "reached_code", "code the analyses reach"),
        (cst, "parse_module", "LibCST parse"),
        (facts_module, "build_facts", "analysis (facts)"),
    ):
        setattr(owner, name, lambda *args, _f=getattr(owner, name), _p=phase: timed(_p, _f, *args))

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
        in_text, reads = gate.in_text(source), None
        if in_text == GRAD_READS_ONLY:  # as `engine.file_facts`: the reads first, the tree stage only if there are some
            reads = timed("`.grad` reads, before the tree stage", grad_reads_of, python_tree, source)
            if not reads.found:
                continue
        needs = timed("tree stage", gate.in_tree, in_text, python_tree)
        if needs is None:
            continue
        start = time.process_time()
        facts = engine.analyse(python_tree, source, str(path), needs, reached_only=True, reads=reads)
        if isinstance(facts, engine.PiecewiseFacts):  # each piece analysed as its rules ask
            timed("a large file's pieces: analysis and rules", engine.piecewise_reports, facts, str(path), codes)
        if isinstance(facts, PartialFacts):
            if timed("rules", rule_reports, facts.facts, str(path), codes):
                facts = facts.whole()
        if not isinstance(facts, (PartialFacts, engine.PiecewiseFacts, engine.Diagnostic)):
            timed("rules", rule_reports, facts, str(path), codes)
        costly.append((time.process_time() - start, len(source), path))
    total = sum(phases.values())
    print(f"{tree}: {len(files)} files, {len(texts)} pass the text stage, {len(costly)} reach the analysis, "
          f"{counts.get('LibCST parse', 0)} are parsed by LibCST\n")
    print("| phase | files | CPU seconds | share |\n|---|---:|---:|---:|")
    for phase, seconds in phases.items():
        print(f"| {phase} | {counts[phase] if phase != 'discover' else len(files)} | {seconds:.2f} | {seconds / total:.0%} |")
    print(f"| total | | {total:.2f} | |\n")
    print("| LibCST + `.grad` reads + analysis + rules, CPU s | size KB | file |\n|---:|---:|---|")
    for seconds, size, path in sorted(costly, key=lambda row: row[0], reverse=True)[:8]:
        print(f"| {seconds:.2f} | {size // 1024} | {path.relative_to(tree)} |")


if __name__ == "__main__":
    main()
