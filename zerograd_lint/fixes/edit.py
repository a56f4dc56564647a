"""The edits a fix is made of, and the one applier that makes them.

A rule describes its fix where it knows the nodes (ruff's `Fix::safe_edit`,
Fixit's `replacement=`): each edit names an operation, the node it applies to
(its kind, its span, 1-based as reports are, and its path from the top-level
statement it is in) and the code it writes. The edits travel with the report
(`Diagnostic.fix`); `apply_edits` parses the source once, finds each node by
its path (no positions: computing them costs more than the parse) and makes
them all in one pass with LibCST, which keeps the formatting and comments of
everything it does not touch and gives inserted statements the indentation of
their block.
"""

from __future__ import annotations

import ast
from bisect import bisect_right
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Sequence

import libcst as cst

from zerograd_lint.analysis.ir.visiting import code_children
from zerograd_lint.analysis.parsing import libcst_parse
from zerograd_lint.analysis.positions import first_lines, top_level_lines

if TYPE_CHECKING:
    from zerograd_lint.analysis.facts import FileFacts

# A node's 1-based (line, column, end_line, end_column), end exclusive, as a report's.
Span = tuple[int, int, int, int]

INSERT_BEFORE = "insert_before"  # a statement before the statement
INSERT_AFTER = "insert_after"  # a statement after the statement
INSERT_FIRST = "insert_first"  # a statement first in the body of the loop or def (after a docstring)
REMOVE = "remove"  # the statement; comments above it stay above what follows, an emptied block gets `pass`
DROP = "drop"  # the statement and the lines above it that belong to it
REPLACE = "replace"  # the expression by `code`
UNGUARD = "unguard"  # `if ...: x` (no else) by `x`, which keeps the comments above the `if`


SHAPE = "the code at the report is not the expected shape"


class CannotFix(Exception):
    """The fix does not apply to this code; the reason is the message."""


@dataclass(frozen=True)
class Edit:
    op: str
    kind: str  # the class name of the node edited (`SimpleStatementLine`, `For`, `Call`, ...)
    span: Span
    code: str = ""  # the statement to insert (one line, no newline), or the replacing expression
    # Where the node is in the top-level statement its first line is in: the index among `code_children` of each node
    # on the way down (the same in any text holding that statement as it is, an excerpt of the file included).
    path: tuple[int, ...] = ()

    @classmethod
    def at(cls, op: str, node: cst.CSTNode, facts: FileFacts, code: str = "") -> Edit:
        """The edit of `node` in the checked file; raises CannotFix if the statement to insert is none, or if the
        node is not in the checked file."""
        if op in (INSERT_BEFORE, INSERT_AFTER, INSERT_FIRST):
            statement(code)
        assert facts.module is not None and facts.positions is not None
        span = facts.span(node)
        top = top_level(facts.module, facts.positions.top_level_lines, span[0])
        path = path_to(top, node) if top is not None else None
        if path is None:
            raise CannotFix("the code to edit is not in the checked file")
        return cls(op, type(node).__name__, span, code, path)


def top_level(module: cst.Module, lines: list[int], line: int) -> cst.BaseStatement | None:
    """The module's top-level statement that `line` is in (`lines`: the first line of each, `top_level_lines`)."""
    index = bisect_right(lines, line) - 1
    return module.body[index] if index >= 0 else None


def path_to(top: cst.CSTNode, node: cst.CSTNode) -> tuple[int, ...] | None:
    """The indices among `code_children` from `top` down to `node`; None if it is not in `top`."""
    stack: list[tuple[cst.CSTNode, tuple[int, ...]]] = [(top, ())]
    while stack:
        current, path = stack.pop()
        if current is node:
            return path
        stack.extend((child, (*path, index)) for index, child in enumerate(code_children(current)))
    return None


def way_to(module: cst.Module, lines: list[int], edit: Edit) -> list[cst.CSTNode]:
    """The nodes from the module down to the one the edit is of; raises CannotFix where its path leads to none of its kind."""
    top = top_level(module, lines, edit.span[0])
    way: list[cst.CSTNode] = [module]
    node: cst.CSTNode | None = top
    for index in edit.path:
        if node is None:
            break
        way.append(node)
        children = code_children(node)
        node = children[index] if index < len(children) else None
    if node is None or type(node).__name__ != edit.kind:
        raise CannotFix(SHAPE)
    return [*way, node]


@lru_cache(maxsize=256)
def statement(code: str) -> cst.SimpleStatementLine:
    """`code` as a statement of its own; raises CannotFix if it is none. (Nodes never change: the few
    statements fixes insert, `opt.zero_grad()`, are parsed once.)"""
    try:
        parsed = cst.parse_statement(code + "\n")
    except cst.ParserSyntaxError:
        raise CannotFix(f"`{code}` is not a statement") from None
    if not isinstance(parsed, cst.SimpleStatementLine):
        raise CannotFix(f"`{code}` is not a statement")
    return parsed


def apply_edits(source: str, edits: Sequence[Edit], starts: Sequence[int] | None = None) -> str:
    """The source with the edits made; raises CannotFix when some edit finds no node of its kind where its path leads.
    `starts`: the first line of each top-level statement (`first_lines`), when known (an excerpt's, from the file's)."""
    module = libcst_parse(source)
    lines = top_level_lines(module, list(starts) if starts is not None else first_lines(ast.parse(source)))
    applier = _Applier([(way_to(module, lines, edit), edit) for edit in edits])
    new = module.visit(applier)
    if len(applier.done) != len(edits):
        raise CannotFix(SHAPE)
    return new.code


class _Applier(cst.CSTTransformer):
    def __init__(self, located: Sequence[tuple[list[cst.CSTNode], Edit]]) -> None:
        super().__init__()
        self.edits: dict[cst.CSTNode, list[Edit]] = {}  # by node (LibCST nodes hash by identity)
        self.around: set[cst.CSTNode] = set()  # the nodes that hold one
        for way, edit in located:
            self.edits.setdefault(way[-1], []).append(edit)
            self.around.update(way[:-1])
        self.done: list[Edit] = []

    def on_visit(self, node: cst.CSTNode) -> bool:
        """Go into a node only where an edit is (a block's edits are made as it is left, from its statements' own)."""
        return node in self.around

    def of(self, node: cst.CSTNode, *ops: str) -> list[Edit]:
        found = [edit for edit in self.edits.get(node, ()) if edit.op in ops]
        self.done += found
        return found

    def on_leave(self, original: cst.CSTNode, updated: cst.CSTNode):  # type: ignore[override]
        replaced = self.of(original, REPLACE)
        if replaced:
            return cst.parse_expression(replaced[0].code)
        if isinstance(updated, (cst.For, cst.While, cst.FunctionDef)):
            for edit in self.of(original, INSERT_FIRST):
                updated = first_in(updated, statement(edit.code))
        if isinstance(updated, (cst.IndentedBlock, cst.Module)):
            assert isinstance(original, (cst.IndentedBlock, cst.Module))
            updated = updated.with_changes(body=self.body(original.body, updated.body))
        return updated

    def body(self, originals: Sequence[cst.BaseStatement], body: Sequence[cst.BaseStatement]) -> list[cst.BaseStatement]:
        """A block's statements with the statement edits made: insertions first, then removals."""
        statements: list[cst.BaseStatement] = []
        removals: list[tuple[int, str]] = []
        for original, updated in zip(originals, body):
            edits = self.of(original, INSERT_BEFORE, INSERT_AFTER, REMOVE, DROP, UNGUARD)
            statements += [statement(e.code) for e in edits if e.op == INSERT_BEFORE]
            if any(e.op == UNGUARD for e in edits):
                assert isinstance(updated, cst.If) and isinstance(updated.body, cst.IndentedBlock)
                updated = updated.body.body[0].with_changes(leading_lines=updated.leading_lines)
            removals += [(len(statements), e.op) for e in edits if e.op in (REMOVE, DROP)]
            statements.append(updated)
            statements += [statement(e.code) for e in edits if e.op == INSERT_AFTER]
        for index, op in reversed(removals):
            removed = statements.pop(index)
            if op == DROP:
                continue
            if index == len(statements):  # the block's last statement: a `pass` if nothing else is left
                if not statements:
                    statements.append(statement("pass"))
                continue
            following = statements[index]
            statements[index] = following.with_changes(leading_lines=[*removed.leading_lines, *following.leading_lines])
        return statements


def first_in(owner: cst.For | cst.While | cst.FunctionDef, new: cst.SimpleStatementLine) -> cst.CSTNode:
    """`new` as the first statement of a loop's body (`for x in y: a()` stays on one line), or of a def's after its docstring."""
    body = owner.body
    if isinstance(body, cst.SimpleStatementSuite):
        if isinstance(owner, cst.FunctionDef):
            raise CannotFix(SHAPE)
        return owner.with_changes(body=body.with_changes(body=[*new.body, *body.body]))
    statements = list(body.body)
    first = 1 if isinstance(owner, cst.FunctionDef) and statements and is_docstring(statements[0]) else 0
    return owner.with_changes(body=body.with_changes(body=[*statements[:first], new, *statements[first:]]))


def is_docstring(statement: cst.BaseStatement) -> bool:
    return (
        isinstance(statement, cst.SimpleStatementLine)
        and isinstance(statement.body[0], cst.Expr)
        and isinstance(statement.body[0].value, (cst.SimpleString, cst.ConcatenatedString))
    )
