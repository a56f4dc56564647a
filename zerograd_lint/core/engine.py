"""The engine: one pure function from source text to diagnostics.

The CLI, the flake8 plugin, the runtime harness, fixes and tests all call
`analyze_source` (the rules' own reports, no selection) or `lint_source`
(selection and `# noqa` applied). The gate decides first whether any rule can
report on the file; LibCST and the analysis are imported only when one can.
"""

from __future__ import annotations

import ast
import sys
import threading
from contextlib import contextmanager
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Callable, Iterable, Iterator

from zerograd_lint.analysis.work import TooComplex, allowance, spend, spent, too_complex
from zerograd_lint.base.diagnostics import Diagnostic
from zerograd_lint.core.deep_stack import deeper_if_needed
from zerograd_lint.core.gate import LIFECYCLE, Gate, Needs, Summary, as_bytes, gate_of, may_read_grad_unguarded, summarize
from zerograd_lint.core.noqa import apply_noqa
from zerograd_lint.core.reached_code import reached_code
from zerograd_lint.core.selection import DEFAULT_SELECTION, Selection
from zerograd_lint.rules import Finding, catalogue

if TYPE_CHECKING:
    import libcst as cst

    from zerograd_lint.analysis.facts import Clues, FileFacts
    from zerograd_lint.analysis.module_source import Load, ModuleSource, ProjectSource
    from zerograd_lint.analysis.project import Project
    from zerograd_lint.analysis.questions.grad_reads import GradReads
    from zerograd_lint.core.pieces import Piece, PieceSource
    from zerograd_lint.core.project_gate import Words


# A loop whose data-flow state does not settle is said on stderr (a warning) and left out, never reported
# from a state that is no fixpoint: the rest of the file is still checked.
UNSETTLED = "the data-flow state of a loop there did not settle; please report this file"
# The needs of a file only the `.grad` rules can report on.
GRAD_READS_ONLY = frozenset({"grad_reads"})
NESTED_TOO_DEEPLY = "cannot analyse file: nested too deeply"


def parse_error(path: str, line: int, column: int, message: str) -> Diagnostic:
    return Diagnostic(path, line, column, line, column + 1, "ZG000", message)


def python_parse(source: str, path: str) -> ast.Module | Diagnostic:
    """CPython's AST, or ZG000 where Python itself places the error, in its words.

    CPython's parser runs first because it is fast, answers the gate, and fails
    cleanly where LibCST's native parser can overflow its stack.
    It is not told the path: given the name of a file, CPython reads the error's
    line from that file to place the column, and the text parsed is not always
    the file (a notebook's cells, an editor's unsaved buffer).
    """
    try:
        return ast.parse(source)
    except SyntaxError as error:
        from zerograd_lint.core.newer_syntax import newer_syntax_hint  # LibCST: imported only for a file that fails

        hint = newer_syntax_hint(source)
        return parse_error(path, error.lineno or 1, error.offset or 1, f"syntax error: {error.msg}" + (f"; {hint}" if hint else ""))
    except (RecursionError, MemoryError):
        return parse_error(path, 1, 1, "cannot parse file: nested too deeply")
    except ValueError as error:  # e.g. source code string cannot contain null bytes
        return parse_error(path, 1, 1, f"cannot parse file: {error}")


def every_code() -> frozenset[str]:
    return frozenset(entry.code for entry in catalogue())


def marked_beside_own_words(source: str, checked: ModuleSource, load: Load) -> Callable[[ast.AST, Summary], None]:
    """For a file whose own words hold a backward and a step, what of another module its bodies reach: those whose loops
    call a training module's defs (`ProjectGate.mark_loop_callers`: a script's fine-tuning loop around the project's
    stepper, beside a pre-training loop of its own); and where no body of its own reaches both and a class of it has
    bases, its overrides holding one of them that a base's loop of another module runs (a strategy's `backward` scaling
    the loss, its `optimizer_step` stepping the scaler) reach both there (`ProjectGate.mark_driven_lifecycle`; not a
    test model's `forward`, which a library's base calls too)."""
    data = as_bytes(source)

    def mark(tree: ast.AST, summary: Summary) -> None:
        from zerograd_lint.core.project_gate import ProjectGate

        backward, step = summary.reaching(lambda b: b.backward), summary.reaching(lambda b: b.step)
        drives_overrides = summary.subclass_methods and not any(b and s for b, s in zip(backward, step))
        elsewhere = ProjectGate(checked, load)
        elsewhere.mark_loop_callers(tree, summary, data)  # type: ignore[arg-type]  (CPython's module tree)
        if drives_overrides:
            elsewhere.mark_driven_lifecycle(tree, summary)  # type: ignore[arg-type]

    return mark


def file_facts(
    source: str, path: str, gate: Gate | None = None, reached_only: bool = False, project: ProjectSource | None = None,
    words: Words | None = None,
) -> FileFacts | PartialFacts | PiecewiseFacts | Diagnostic | None:
    """The facts of one file, ZG000 if it cannot be parsed, or None when no rule of the gate can report on it.

    `reached_only`: LibCST may be given only the code the analyses can reach (`reached_code`); facts that
    say nothing can be reported then hold for the whole file, any others must be made again without it. Or the
    file may come in pieces, each with the facts of some of its functions (`core/pieces.py`).
    `project`: the file's project, whose modules the analysis reads where the file's calls lead.
    `words`: the gate's words test of the source, asked already (`Gate.in_text`); where it met no need, the project
    gate's (`project_gate.Words`).
    Raises RecursionError for code nested deeper than the recursion limit (see `deep_stack`).
    """
    gate = gate or gate_of(every_code())
    needs_met = words if words is None or isinstance(words, frozenset) else frozenset()  # the project gate's words: none
    own = in_text = gate.in_text(source, needs_met)
    elsewhere = None
    if project is not None and LIFECYCLE not in in_text and LIFECYCLE in gate.asked():
        from zerograd_lint.core.project_gate import ProjectGate

        elsewhere = ProjectGate(project.checked, project.load)
        # its backward and step may live in a module it imports
        if elsewhere.in_text(as_bytes(source), None if isinstance(words, frozenset) else words):
            in_text = gate.adding(in_text, LIFECYCLE)
        else:
            elsewhere = None
    if not in_text:
        return None
    if in_text == GRAD_READS_ONLY and not may_read_grad_unguarded(source):
        # Only the `.grad` rules can report, and no read of the code they can reach is unguarded: the file is not
        # parsed whole (a syntax error in a def that holds no `.grad` of a loop's variable is not looked for, as in a
        # file the text stage rules out)
        return None
    tree = python_parse(source, path)
    if isinstance(tree, Diagnostic):
        return tree
    summary = summarize(tree) if elsewhere is not None else None  # the tree's, for the project gate's question and the gate's
    if elsewhere is not None and not elsewhere.may_reach_both(tree, source, summary):
        # What the defs of its training modules named in it reach cannot make a body reach a backward and a
        # step: it is asked as its own text said (without a walk of it)
        elsewhere, in_text = None, own
        if not in_text:
            return None
    reads: GradReads | None = None
    if in_text == GRAD_READS_ONLY:
        # Only the `.grad` rules can report, on the unguarded reads alone: finding them costs less than the
        # tree stage's walk of the whole file, and a file without one has nothing to report.
        from zerograd_lint.analysis.questions.grad_reads import grad_reads_of

        reads = grad_reads_of(tree, source)
        if not reads.found:
            return None
    if elsewhere is not None:
        mark = elsewhere.mark
    elif project is not None and LIFECYCLE in in_text:
        mark = marked_beside_own_words(source, project.checked, project.load)
    else:
        mark = None
    needs = gate.in_tree(in_text, tree, mark, summary)
    if needs is None:
        return None
    return analyse(tree, source, path, needs, reached_only, reads, project)


def analyse(
    tree: ast.Module, source: str, path: str, needs: Needs, reached_only: bool = False, reads: GradReads | None = None,
    project: ProjectSource | None = None,
) -> FileFacts | PartialFacts | PiecewiseFacts | Diagnostic:
    """The facts of a file the gate passed; `reads`: its unguarded `.grad` reads, if they are known already."""
    import libcst as cst

    from zerograd_lint.analysis.facts import build_facts, clues_of
    from zerograd_lint.analysis.parsing import libcst_parse
    from zerograd_lint.analysis.questions.grad_reads import GradReads, grad_reads_of
    from zerograd_lint.core.pieces import pieces_of

    # The unguarded `.grad` reads come from CPython's tree; only those a clear, a backward or a
    # freeze may meet need the flow analysis, on LibCST's.
    if reads is None:
        reads = grad_reads_of(tree, source) if needs.grad_reads else GradReads()
    if not (needs.needs_libcst or reads.need_flow):
        return build_facts(tree, clues_of(source, lambda: tree), None, needs, reads)
    if reached_only and not reads.found:
        pieces = pieces_of(source, tree, needs)
        if pieces is not None:
            return PiecewiseFacts(pieces, clues_of(source, lambda: tree), path, reads, project)
    read_lines = frozenset(read.line for read in reads.found) if reads.need_flow else frozenset()
    reached = reached_code(source, tree, needs, read_lines) if reached_only else None
    if reached is not None:
        try:
            partial = build_facts(tree, clues_of(source, lambda: tree), libcst_parse(reached), needs, reads, *project_of(project))
            return PartialFacts(partial, lambda: whole_facts(tree, source, path, needs, reads, project_of(project)))
        except cst.ParserSyntaxError:
            pass  # told on the whole file, below
    return whole_facts(tree, source, path, needs, reads, project_of(project))


def project_of(
    project: ProjectSource | None, parse: Callable[[str], cst.Module] | None = None
) -> tuple[Project | None, ModuleSource | None]:
    """The project's modules as the analysis reads them (each parsed by CPython for its names, and by LibCST
    only where the analysis follows a def or class of it, with `parse`), and the checked file as one of them."""
    if project is None:
        return None, None
    from zerograd_lint.analysis.parsing import libcst_parse
    from zerograd_lint.analysis.project import Project

    return Project(project.load, project_tree, parse or libcst_parse), project.checked


@lru_cache(maxsize=512)
def project_tree(text: str) -> ast.Module | None:
    """CPython's tree of a module of the project (parsed once per process: many files import the same modules),
    None when it does not parse."""
    tree = python_parse(text, "")
    return tree if isinstance(tree, ast.Module) else None


def whole_facts(
    tree: ast.Module, source: str, path: str, needs: Needs, reads: GradReads,
    project: tuple[Project | None, ModuleSource | None] = (None, None), clues: Clues | None = None,
) -> FileFacts | Diagnostic:
    """The facts of `source`: a file, or a piece of one whose lines are the file's, judged by the file's `clues`;
    `project`: the project's modules as the analysis reads them (`project_of`), and the file as one of them."""
    import libcst as cst

    from zerograd_lint.analysis.facts import build_facts, clues_of
    from zerograd_lint.analysis.parsing import libcst_parse

    try:
        return build_facts(tree, clues or clues_of(source, lambda: tree), libcst_parse(source), needs, reads, *project)
    except cst.ParserSyntaxError as error:
        return parse_error(
            path, error.raw_line, error.raw_column + 1,
            "cannot parse file: LibCST, which the analysis needs, does not read this code although Python does "
            "(syntax LibCST does not support yet, or nesting too deep for it)",
        )


@dataclass(frozen=True)
class PartialFacts:
    """Facts of the code the analyses reach, not of the whole file: to be believed only when nothing is reported."""

    facts: FileFacts
    # The whole file's facts, from the same CPython tree, needs and `.grad` reads (only LibCST's part is made again).
    whole: Callable[[], FileFacts | Diagnostic]


@dataclass(frozen=True)
class PiecewiseFacts:
    """A file cut into pieces (`core/pieces.py`): the facts of each piece are made as they are asked for, one at a
    time, so that each can be dropped before the next is made."""

    pieces: list[Piece]
    clues: Clues
    path: str
    reads: GradReads
    project: ProjectSource | None

    def reports(self, codes: frozenset[str]) -> Iterator[list[Diagnostic] | Diagnostic]:
        """Each piece's reports in the file's order (a Diagnostic: LibCST does not read the file), the pieces analysed
        here one at a time, or by the workers lent to this thread (`pieces_analysed_by`)."""
        jobs = (PieceJob(piece.made(), self.path, self.clues, self.reads, codes) for piece in self.pieces)
        elsewhere = PIECE_ANALYSER.analyse
        if elsewhere is None:
            from zerograd_lint.analysis.parsing import libcst_parse

            parse_project = lru_cache(maxsize=None)(libcst_parse)  # the project's modules the pieces follow into, once
            for job in jobs:
                yield piece_reports(job, self.project, parse_project)
            return
        for outcome in elsewhere(jobs):
            if outcome.spent is None:
                raise TooComplex
            spend(outcome.spent)  # the file's allowance, spent in the pieces' order as if they were analysed here
            yield outcome.reports


@dataclass(frozen=True)
class PieceJob:
    """One piece of a file with what its analysis is told of the file: data alone, for a worker process."""

    piece: PieceSource
    path: str
    clues: Clues
    reads: GradReads
    codes: frozenset[str]


@dataclass(frozen=True)
class PieceOutcome:
    """A piece's reports (a Diagnostic: the file's one report), and the work they cost (None: over any allowance)."""

    reports: list[Diagnostic] | Diagnostic
    spent: int | None


class PieceAnalyser(threading.local):
    """Who analyses the pieces of a file analysed in this thread: here (None), or workers the runner lent, which take
    the pieces' jobs and give their outcomes in the same order."""

    analyse: Callable[[Iterator[PieceJob]], Iterator[PieceOutcome]] | None = None


PIECE_ANALYSER = PieceAnalyser()


@contextmanager
def pieces_analysed_by(analyse: Callable[[Iterator[PieceJob]], Iterator[PieceOutcome]] | None) -> Iterator[None]:
    """The pieces of the files analysed in this thread inside the block are analysed by `analyse` (None: here)."""
    outer, PIECE_ANALYSER.analyse = PIECE_ANALYSER.analyse, analyse
    try:
        yield
    finally:
        PIECE_ANALYSER.analyse = outer


def piece_reports(job: PieceJob, project: ProjectSource | None, parse_project: Callable[[str], cst.Module]) -> list[Diagnostic] | Diagnostic:
    """One piece's reports (a Diagnostic: LibCST does not read it); its facts and trees are let go before the next
    piece's are made."""
    source = job.piece.text
    tree = python_parse(source, job.path)
    assert isinstance(tree, ast.Module), "a piece is statements of a file that parses"
    facts = whole_facts(tree, source, job.path, job.piece.needs(tree), job.reads, project_of(project, parse_project), job.clues)
    del tree
    if isinstance(facts, Diagnostic):
        return facts
    reports = rule_reports(facts, job.path, job.codes)
    del facts
    forget_the_file()  # the caches of its nodes: nothing else holds its trees, no reference cycle (`test_file_scope.py`)
    return reports


def piece_outcome(job: PieceJob, project: ProjectSource | None) -> PieceOutcome:
    """A piece's reports and the work they cost, analysed apart from the file's other pieces (in a worker): the
    file's allowance is spent where the outcomes are gathered, in the pieces' order."""
    from zerograd_lint.analysis.parsing import libcst_parse

    parse_project = lru_cache(maxsize=None)(libcst_parse)
    try:
        return deeper_if_needed(counted_piece, job, project, parse_project)
    except TooComplex:
        return PieceOutcome([], None)
    except RecursionError:
        return PieceOutcome(parse_error(job.path, 1, 1, NESTED_TOO_DEEPLY), 0)
    finally:
        forget_the_file()


def counted_piece(job: PieceJob, project: ProjectSource | None, parse_project: Callable[[str], cst.Module]) -> PieceOutcome:
    with allowance():
        reports = piece_reports(job, project, parse_project)
        return PieceOutcome(reports, spent())


def import_analysis() -> None:
    """Import what analysing a file needs (LibCST, the analysis, every rule), as the first file analysed would."""
    import libcst  # noqa: F401
    from libcst import native  # noqa: F401  (LibCST's parser, imported by its first parse)

    from zerograd_lint.analysis import facts, parsing  # noqa: F401
    from zerograd_lint.analysis.interpret import flow  # noqa: F401
    from zerograd_lint.analysis.questions import grad_reads  # noqa: F401
    from zerograd_lint.core import pieces, project_gate  # noqa: F401
    from zerograd_lint.rules import all_rules

    all_rules()


def analyze_source(
    source: str, path: str = "<string>", codes: Iterable[str] | None = None, project: ProjectSource | None = None,
    words: Words | None = None,
) -> list[Diagnostic]:
    """The reports of the rules with these codes (default: every rule) for one file, sorted; no noqa.

    With its `project`, a report may be on a line of another module the file's code leads to (a step in
    `engine.py` reached from the loop of `main.py`): its path is that module's. `words`: the gate's words test of
    the source, asked already (`Gate.in_text`)."""
    chosen = every_code() if codes is None else frozenset(codes)
    try:
        return deeper_if_needed(counted_reports_of, source, path, chosen, project, words)
    except RecursionError:
        return [parse_error(path, 1, 1, NESTED_TOO_DEEPLY)]
    except TooComplex:
        return [parse_error(path, 1, 1, too_complex())]
    finally:
        forget_the_file()


def counted_reports_of(
    source: str, path: str, codes: frozenset[str], project: ProjectSource | None = None, words: Words | None = None
) -> list[Diagnostic]:
    """`reports_of`, within the work one file may cost (in the thread that analyses it: see `deep_stack`)."""
    with allowance():
        return reports_of(source, path, codes, project, words)


def reports_of(
    source: str, path: str, codes: frozenset[str], project: ProjectSource | None = None, words: Words | None = None
) -> list[Diagnostic]:
    facts = file_facts(source, path, gate_of(codes), reached_only=True, project=project, words=words)
    if isinstance(facts, PiecewiseFacts):
        return piecewise_reports(facts, path, codes)
    if isinstance(facts, PartialFacts):
        found = rule_reports(facts.facts, path, codes)
        if not found:
            return found
        facts = facts.whole()  # reports are made, placed and fixed on the whole file
    if facts is None:
        return []
    if isinstance(facts, Diagnostic):
        return [facts]
    return rule_reports(facts, path, codes)


def piecewise_reports(pieces: PiecewiseFacts, path: str, codes: frozenset[str]) -> list[Diagnostic]:
    """The reports of every piece, merged in the pieces' order: the same whoever analysed them."""
    found: dict[tuple[str, int, int, str], Diagnostic] = {}
    for reports in pieces.reports(codes):
        if isinstance(reports, Diagnostic):
            return [reports]  # LibCST does not read the file
        for d in reports:
            found.setdefault((d.path, d.line, d.column, d.code), d)  # a line of another module two pieces reach
    return sorted(found.values(), key=lambda d: d.sort_key)


def forget_the_file() -> None:
    """Let go of the file's trees (see `analysis/ir/file_scope.py`), if any file was analysed."""
    file_scope = sys.modules.get("zerograd_lint.analysis.ir.file_scope")
    if file_scope is not None:
        file_scope.forget_the_file()


def warn(message: str) -> None:
    """Say on the run's log (stderr unless configured) what was left out; `logging` imported only then, as it is
    rare and the editor's first diagnostics wait on every import."""
    import logging

    logging.getLogger("zerograd_lint").warning(message)


def rule_reports(facts: FileFacts, path: str, codes: frozenset[str]) -> list[Diagnostic]:
    for name in facts.unsettled:
        warn(f"zerograd-lint: {path}: {name} not analysed: {UNSETTLED}")
    found = checked(facts, path, codes)
    trusted = facts.trusted()
    if trusted is not facts:  # a report that needs a guessed path (`flow.Doubt`) is none: made from both, or not made
        kept = checked(trusted, path, codes, quiet=True)
        found = {key: kept[key] for key in found if key in kept}
    return sorted(found.values(), key=lambda d: d.sort_key)


def checked(
    facts: FileFacts, path: str, codes: frozenset[str], quiet: bool = False
) -> dict[tuple[str | None, int, int, str], Diagnostic]:
    """Each selected rule's reports on the facts, by place and code."""
    from zerograd_lint.analysis.interpret.flow import Unsettled
    from zerograd_lint.rules import all_rules

    found: dict[tuple[str | None, int, int, str], Diagnostic] = {}
    for rule in all_rules():
        if rule.check is None or rule.code not in codes:
            continue
        try:
            findings = list(rule.check(facts))
        except Unsettled:  # an analysis the rule asks for: the rule stays silent on this file
            if not quiet:
                warn(f"zerograd-lint: {path}: {rule.code} not checked: {UNSETTLED}")
            continue
        for finding in findings:
            key = (finding.path, finding.line, finding.column, rule.code)
            found.setdefault(key, to_diagnostic(path, rule.code, finding))
    return found


def to_diagnostic(path: str, code: str, finding: Finding) -> Diagnostic:
    return Diagnostic(
        finding.path or path,
        finding.line,
        finding.column,
        finding.end_line,
        finding.end_column,
        code,
        finding.message,
        step_line=finding.step_line,
        entry=finding.entry,
        fix=finding.fix,
    )


def lint_source(
    source: str, path: str = "<string>", selection: Selection = DEFAULT_SELECTION, project: ProjectSource | None = None,
    words: Words | None = None,
) -> list[Diagnostic]:
    """What a user sees for one file: selected codes only, `# noqa` honoured (on a line of another module of the
    project, in that module's text); `words`: the gate's words test of the source, asked already (`Gate.in_text`)."""
    codes = selection.codes()
    selected = [d for d in analyze_source(source, path, codes, project, words) if d.code in codes]
    kept = apply_noqa([d for d in selected if d.path == path], source)
    for other in sorted({d.path for d in selected} - {path}):
        text = project.text_of(other) if project is not None else None
        kept += apply_noqa([d for d in selected if d.path == other], text) if text is not None else []
    return sorted(kept, key=lambda d: d.sort_key)
