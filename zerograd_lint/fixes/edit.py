"""The edits a fix is made of, and the one applier that makes them.

A rule describes its fix where it knows the nodes (ruff's `Fix::safe_edit`,
Fixit's `replacement=`): each edit names an operation, the node it applies to
(its kind and span, 1-based as reports are) and the code it writes. The edits
travel with the report (`Diagnostic.fix`); `apply_edits` parses the source
once and makes them all in one pass with LibCST, which keeps the formatting
and comments of everything it does not touch and gives inserted statements
the indentation of their block.
"""

from __future__ import annotations

from dataclasses import dataclass
from bisect import bisect_left
from functools import lru_cache
from typing import Mapping, Sequence

import libcst as cst
from libcst.metadata import CodeRange

from zerograd_lint.analysis.positions import generated_positions

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

    @classmethod
    def at(cls, op: str, node: cst.CSTNode, span: Span, code: str = "") -> Edit:
        """The edit of `node`, found at `span`; raises CannotFix if the statement to insert is none."""
        if op in (INSERT_BEFORE, INSERT_AFTER, INSERT_FIRST):
            statement(code)
        return cls(op, type(node).__name__, span, code)


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


def apply_edits(source: str, edits: Sequence[Edit]) -> str:
    """The source with the edits made; raises CannotFix when some edit finds no node of its kind at its span."""
    module = cst.parse_module(source)
    # The positions as the analysis computes them: LibCST's metadata wrapper walks every node once more to
    # hand them over (two fifths of an edit's cost).
    applier = _Applier(edits, generated_positions(module, module, ()))
    new = module.visit(applier)
    if len(applier.done) != len(edits):
        raise CannotFix(SHAPE)
    return new.code


class _Applier(cst.CSTTransformer):
    def __init__(self, edits: Sequence[Edit], positions: Mapping[cst.CSTNode, CodeRange]) -> None:
        super().__init__()
        self.positions = positions
        self.edits: dict[tuple[str, Span], list[Edit]] = {}
        for edit in edits:
            self.edits.setdefault((edit.kind, edit.span), []).append(edit)
        self.starts = sorted({edit.span[:2] for edit in edits})
        self.done: list[Edit] = []

    def on_visit(self, node: cst.CSTNode) -> bool:
        """Go into a node only where an edit may be: a statement holding the start of one (a block's edits are
        made as it is left, from its statements' own spans)."""
        where = self.positions.get(node)
        if where is None:
            return True
        start, end = (where.start.line, where.start.column + 1), (where.end.line, where.end.column + 1)
        index = bisect_left(self.starts, start)
        return index < len(self.starts) and self.starts[index] <= end

    def of(self, node: cst.CSTNode, *ops: str) -> list[Edit]:
        where = self.positions[node]
        span = (where.start.line, where.start.column + 1, where.end.line, where.end.column + 1)
        found = [edit for edit in self.edits.get((type(node).__name__, span), ()) if edit.op in ops]
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
