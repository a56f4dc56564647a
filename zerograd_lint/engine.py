"""The engine: one pure function from source text to diagnostics.

The CLI, the flake8 plugin, the runtime harness, fixes and tests all call
`analyze_source` (every rule, nothing filtered) or `lint_source` (selection and
`# noqa` applied).
"""

from __future__ import annotations

import ast

import libcst as cst
import libcst.matchers as m

from zerograd_lint.analysis.facts import FileFacts, build_facts
from zerograd_lint.analysis.flow import Where
from zerograd_lint.analysis.gradients import ACCUMULATION_GUARDS
from zerograd_lint.analysis.ir import Backward, Loop, Node, Step, children
from zerograd_lint.analysis.names import code_of
from zerograd_lint.analysis.needs import needs_of
from zerograd_lint.deep_stack import deeper_if_needed
from zerograd_lint.newer_syntax import newer_syntax_hint
from zerograd_lint.diagnostics import Diagnostic
from zerograd_lint.noqa import apply_noqa
from zerograd_lint.prefilter import may_report, needs_analysis
from zerograd_lint.rules import Finding, all_rules
from zerograd_lint.selection import DEFAULT_SELECTION, Selection


def parse_error(path: str, line: int, column: int, message: str) -> Diagnostic:
    return Diagnostic(path, line, column, line, column + 1, "ZG000", message)


def python_parse(source: str, path: str) -> ast.Module | Diagnostic:
    """CPython's AST, or ZG000 where Python itself places the error, in its words.

    CPython's parser runs first because it is fast, tells which analyses a file
    needs, and fails cleanly where LibCST's native parser can overflow its stack.
    It is not told the path: given the name of a file, CPython reads the error's
    line from that file to place the column, and the text parsed is not always
    the file (a notebook's cells, an editor's unsaved buffer).
    """
    try:
        return ast.parse(source)
    except SyntaxError as error:
        hint = newer_syntax_hint(source)
        return parse_error(path, error.lineno or 1, error.offset or 1, f"syntax error: {error.msg}" + (f"; {hint}" if hint else ""))
    except (RecursionError, MemoryError):
        return parse_error(path, 1, 1, "cannot parse file: nested too deeply")
    except ValueError as error:  # e.g. source code string cannot contain null bytes
        return parse_error(path, 1, 1, f"cannot parse file: {error}")


def file_facts(source: str, path: str) -> FileFacts | Diagnostic | None:
    """The facts of one file, ZG000 if it cannot be parsed, or None when no rule can report on it.

    Raises RecursionError for code nested deeper than the recursion limit (see `deep_stack`).
    """
    if not may_report(source):
        return None
    tree = python_parse(source, path)
    if isinstance(tree, Diagnostic):
        return tree
    if not needs_analysis(tree):
        return None
    module = None
    try:
        needs = needs_of(tree, source)
        if not (needs.needs_libcst or needs.grad_reads):
            return None
        if needs.needs_libcst:
            module = cst.parse_module(source)
        return build_facts(tree, source, module, needs)
    except cst.ParserSyntaxError as error:
        return parse_error(
            path, error.raw_line, error.raw_column + 1,
            "cannot parse file: LibCST, which the analysis needs, does not read this code although Python does "
            "(syntax LibCST does not support yet, or nesting too deep for it)",
        )


def analyze_source(source: str, path: str = "<string>") -> list[Diagnostic]:
    """Every rule's reports for one file, sorted; no selection, no noqa."""
    try:
        return deeper_if_needed(reports_of, source, path)
    except RecursionError:
        return [parse_error(path, 1, 1, "cannot analyse file: nested too deeply")]


def reports_of(source: str, path: str) -> list[Diagnostic]:
    facts = file_facts(source, path)
    if facts is None:
        return []
    if isinstance(facts, Diagnostic):
        return [facts]
    found: dict[tuple[int, int, str], Diagnostic] = {}
    for rule in all_rules():
        if rule.check is None:
            continue
        for finding in rule.check(facts):
            key = (finding.line, finding.column, rule.code)
            found.setdefault(key, to_diagnostic(path, rule.code, finding))
    return sorted(found.values(), key=lambda d: d.sort_key)


def to_diagnostic(path: str, code: str, finding: Finding) -> Diagnostic:
    return Diagnostic(
        path,
        finding.line,
        finding.column,
        finding.end_line,
        finding.end_column,
        code,
        finding.message,
        data=finding.data,
    )


def lint_source(
    source: str, path: str = "<string>", selection: Selection = DEFAULT_SELECTION
) -> list[Diagnostic]:
    """What a user sees for one file: selected codes only, `# noqa` honoured."""
    codes = selection.codes()
    selected = [d for d in analyze_source(source, path) if d.code in codes]
    return apply_noqa(selected, source)


def accumulation_guarded_steps(source: str) -> frozenset[int]:
    """Lines of optimizer steps that the static analysis lets apply several iterations' gradients.

    The runtime guard reads this to learn a script's accumulation intent: a step
    under an accumulation guard, or after an inner loop of micro-batch backwards.
    """
    try:
        facts = file_facts(source, "<string>")
    except RecursionError:
        return frozenset()
    if not isinstance(facts, FileFacts):
        return frozenset()
    lines = set()
    for root in facts.roots:
        backwards = [root.where[e.id] for e in root.events if isinstance(e, Backward) and e.id in root.where]
        micro_loops = {where.micro_loop for where in backwards}
        for step in root.events:
            if not isinstance(step, Step) or step.id not in root.where:
                continue
            where = root.where[step.id]
            after_micro_loop = any(loop is not None and loop is not where.micro_loop for loop in micro_loops)
            # a backward in a loop nested in the step's (a meta-learning task loop with its own inner steps)
            after_inner_loop = any(b.loop is not where.loop and encloses(where.loop, b.loop) for b in backwards)
            if where.guard in ACCUMULATION_GUARDS or after_micro_loop or after_inner_loop or counts_up(where):
                lines.add(facts.line(step.node))
    return frozenset(lines)


def counts_up(where: Where) -> bool:
    """A guard that tests what the loop adds up (`tokens >= budget` after `tokens += y.numel()`): a counter."""
    branch, loop = where.guard_branch, where.loop
    if branch is None or branch.test is None or loop is None:
        return False
    added = {code_of(node.target) for node in m.findall(loop.node, m.AugAssign(operator=m.AddAssign()))}
    tested = {code_of(node) for node in m.findall(branch.test, m.Name() | m.Attribute())}
    return bool(added & tested)


def encloses(outer: Loop | None, inner: Loop | None) -> bool:
    """Whether the loop `inner` lies in the body of `outer`."""
    if outer is None or inner is None:
        return False
    pending: list[Node] = [outer.body]
    while pending:
        node = pending.pop()
        if node is inner:
            return True
        pending.extend(children(node))
    return False
