"""A statement inserted before, after or first in a block, made on the source's lines where they say for sure what
LibCST's applier (`edit.apply_edits`) writes: the same text, without LibCST's parse, transform and code generation.

Most fixes insert one statement (ZG101's `opt.zero_grad()` first in a loop). The applier writes it alone on a
line, with the indentation of the block's statements, right after the statement it follows or right before the
lines that belong to the one it precedes (its comments and blank lines above it, LibCST's `leading_lines`).
The lines say where that is when the statement before is a plain statement line (what lies between is the next
one's), when it is the first of its block (what lies between the header and it is its own), or when the line above
is code (there is nothing between). Anything else is answered None and left to LibCST: another edit, several, a
one-line body (`for x in y: a()`), `;`-joined statements, a line continued with a backslash, a decorated statement,
comments or blank lines after a block, a comment with a quote above a block's first statement (it may be the last
line of a string), tabs in the indentation, a newline other than `\\n`. `tests/test_line_insertion.py` checks that
both give the same text for every fix of fixtures/ and tests/data/.
"""

from __future__ import annotations

import ast
from functools import lru_cache
from typing import Sequence

import libcst as cst

from zerograd_lint.fixes.edit import INSERT_AFTER, INSERT_BEFORE, INSERT_FIRST, Edit, statement

# The kinds INSERT_FIRST applies to (`edit.first_in`), as CPython's tree names them.
FIRST_IN = {"For": (ast.For, ast.AsyncFor), "While": (ast.While,), "FunctionDef": (ast.FunctionDef, ast.AsyncFunctionDef)}


def inserted_line(source: str, edits: Sequence[Edit]) -> str | None:
    """The source with its one edit, an insertion, made on its lines; None where the lines do not say for sure
    where LibCST's applier would put it (the applier makes it then)."""
    if len(edits) != 1 or edits[0].op not in (INSERT_BEFORE, INSERT_AFTER, INSERT_FIRST):
        return None
    if not source.endswith("\n") or "\r" in source or len(source.splitlines()) != source.count("\n"):
        return None  # a newline other than "\n" (LibCST writes the first it finds), a form feed; no newline at the end
    edit = edits[0]
    line = written(edit.code)
    if line is None:
        return None
    lines = source.splitlines(keepends=True)
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError):
        return None  # LibCST's parse says why
    found = statement_at(tree, edit, lines)
    if found is None:
        return None
    block, index = found
    if edit.op == INSERT_FIRST:  # before the first statement of the loop's or def's body (after a def's docstring)
        owner = block[index]
        assert isinstance(owner, (ast.For, ast.AsyncFor, ast.While, ast.FunctionDef, ast.AsyncFunctionDef))
        first = after_docstring(owner)
        if first is None or first >= len(owner.body):
            return None
        block, index = owner.body, first
    at = after(block, index, lines) if edit.op == INSERT_AFTER else before(block, index, lines)
    indent = indentation(lines, block[index])
    if at is None or indent is None:
        return None
    return "".join([*lines[:at], indent, line, *lines[at:]])


@lru_cache(maxsize=256)
def written(code: str) -> str | None:
    """The line LibCST writes for the statement `code` (None if that is not `code` itself and a newline)."""
    line = cst.Module(body=[statement(code)]).code
    return line if line == code + "\n" else None


def statement_at(tree: ast.Module, edit: Edit, lines: list[str]) -> tuple[list[ast.stmt], int] | None:
    """The block the edit's statement is in, and its index there: a statement line or a loop or def (INSERT_FIRST)
    whose first line is the edit's, alone on its line (never in a one-line body, never after a `;`)."""
    kinds = FIRST_IN.get(edit.kind, ()) if edit.op == INSERT_FIRST else None
    if edit.op != INSERT_FIRST and edit.kind != "SimpleStatementLine":
        return None
    blocks = [tree.body]
    while blocks:
        block = blocks.pop()
        for index, node in enumerate(block):
            if node.lineno == edit.span[0] and (isinstance(node, kinds) if kinds is not None else not compound(node)):
                return (block, index) if indentation(lines, node) is not None else None
            blocks += blocks_in(node)
    return None


def blocks_in(node: ast.stmt) -> list[list[ast.stmt]]:
    """The statement lists a compound statement holds."""
    found = [getattr(node, field) for field in ("body", "orelse", "finalbody") if isinstance(getattr(node, field, None), list)]
    found += [part.body for part in [*getattr(node, "handlers", ()), *getattr(node, "cases", ())]]
    return found


def compound(node: ast.stmt) -> bool:
    return hasattr(node, "body")


def after_docstring(owner: ast.stmt) -> int | None:
    """The index the inserted statement takes in the body: after a def's docstring (as LibCST's `is_docstring` tells
    one: a string or bytes, alone or concatenated); None where the two trees may disagree (an f-string)."""
    if not isinstance(owner, (ast.FunctionDef, ast.AsyncFunctionDef)):
        return 0
    head = owner.body[0]
    if not isinstance(head, ast.Expr):
        return 0
    if isinstance(head.value, ast.JoinedStr):
        return None
    return 1 if isinstance(head.value, ast.Constant) and isinstance(head.value.value, (str, bytes)) else 0


def before(block: list[ast.stmt], index: int, lines: list[str]) -> int | None:
    """The 0-based line the statement inserted before `block[index]` goes on: right after the statement line before
    it, or after the last line of its block's header (the comments and blank lines between are the statement's
    own). After a compound statement, only where nothing lies between: LibCST gives what does to the block it ends
    or to the next statement, by its indentation."""
    start = block[index].lineno - 1
    if index > 0 and compound(block[index - 1]):
        return start if ends_code(lines, start) else None
    if index > 0:
        end = block[index - 1].end_lineno
        assert end is not None
        between = lines[end:start]
        return end if end <= start and not continued(lines[end - 1]) and all(empty(text) for text in between) else None
    code = start  # up over the comments and blank lines, never into a string: its last line has its quotes
    while code > 0 and empty(lines[code - 1]) and not quoted(lines[code - 1]):
        code -= 1
    return code if ends_code(lines, code) else None


def after(block: list[ast.stmt], index: int, lines: list[str]) -> int | None:
    """The 0-based line the statement inserted after the statement line `block[index]` goes on: the next one."""
    node, end = block[index], block[index].end_lineno
    assert end is not None
    if compound(node) or continued(lines[end - 1]):
        return None
    if index + 1 < len(block) and block[index + 1].lineno <= end:
        return None  # `a(); b()`: one statement line in LibCST's tree
    return end


def indentation(lines: list[str], node: ast.stmt) -> str | None:
    """The spaces before the statement, if it starts its line (none decorated) and they are all its indentation is."""
    if getattr(node, "decorator_list", None):
        return None
    text = lines[node.lineno - 1]
    code = text.lstrip(" ")
    spaces = len(text) - len(code)
    if spaces != node.col_offset or code[:1] in ("\t", "\\"):
        return None
    return text[:spaces]


def ends_code(lines: list[str], at: int) -> bool:
    """Whether the line above the 0-based line `at` is code, not continued on the next line."""
    return at > 0 and not empty(lines[at - 1]) and not continued(lines[at - 1])


def empty(text: str) -> bool:
    """A blank line or a comment alone on its line."""
    code = text.strip(" \t\f\n")
    return not code or code.startswith("#")


def quoted(text: str) -> bool:
    """A line with a quote: one that looks like a comment may be the end of a string."""
    return "'" in text or '"' in text


def continued(text: str) -> bool:
    """A line that a backslash joins to the next."""
    return text.endswith("\\\n")
