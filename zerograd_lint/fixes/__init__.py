"""Fixes: one module per fixable rule, found as the rules are, and the edits they make.

A rule's report carries its fix (`base.Offer`), made where the rule knows the
nodes: how safe it is and the edits of each variant (`edit.Edit`); one applier
makes the edits (`edit.apply_edits`). Proving a fix takes the engine: the
driver that lints, fixes and lints again is `core/fixing.py`, above the rules.
"""

from __future__ import annotations

import ast
import difflib
import importlib
import pkgutil
import re
from typing import Any, Sequence

import libcst as cst

from zerograd_lint.base.diagnostics import Diagnostic
from zerograd_lint.fixes.base import SAFE, Fix, applicability
from zerograd_lint.fixes.edit import CannotFix, Edit, apply_edits
from zerograd_lint.fixes.line_insertion import inserted_line


def discovered_fixes() -> dict[str, Fix]:
    """Every `FIX` of a `zgNNN.py` module here, by code, in the order they go first (`Fix.order`)."""
    found = [
        importlib.import_module(f"{__name__}.{info.name}").FIX
        for info in pkgutil.iter_modules(__path__)
        if re.fullmatch(r"zg\d{3}", info.name)
    ]
    return {fix.code: fix for fix in sorted(found, key=lambda fix: fix.order)}


FIXES: dict[str, Fix] = discovered_fixes()


def may_fix(d: Diagnostic, unsafe: bool) -> bool:
    return d.code in FIXES and (unsafe or applicability(d) == SAFE)


def apply_fix(
    source: str, d: Diagnostic, edits: Sequence[Edit], for_analysis: bool = True, starts: Sequence[int] | None = None
) -> str:
    """The source with the edits of `d`'s fix made; raises CannotFix when they do not apply or would not parse.

    `for_analysis`: the result is to be analysed again (`--fix`'s proof), so LibCST must read it as well as
    CPython; a suggestion is code for people and their tools, for which CPython's parser speaks. `starts`: the
    source's top-level statements' first lines, if known (see `apply_edits`). A statement inserted where the lines
    say what LibCST writes is made on the lines (`inserted_line`)."""
    try:
        new = inserted_line(source, edits) or apply_edits(source, edits, starts)
        if for_analysis:
            cst.parse_module(new)
        ast.parse(new, d.path)  # as the engine parses: CPython's parser, then LibCST's
    except (cst.ParserSyntaxError, SyntaxError, ValueError) as error:
        raise CannotFix(f"the fixed code would not parse: {error}") from None
    except CannotFix:
        raise
    except Exception as error:  # code shaped as no fix foresaw: skip the fix, never lose the run
        raise CannotFix(f"the fix failed: {type(error).__name__}: {error}") from None
    return new


def line_edits(old: str, new: str) -> list[dict[str, Any]]:
    """The differences as replacements of whole lines: 1-based, end exclusive (line `end_line`, column 1)."""
    old_lines, new_lines = old.splitlines(keepends=True), new.splitlines(keepends=True)
    edits = []
    matcher = difflib.SequenceMatcher(a=old_lines, b=new_lines, autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag != "equal":
            edits.append({"line": i1 + 1, "column": 1, "end_line": i2 + 1, "end_column": 1, "content": "".join(new_lines[j1:j2])})
    return edits


def unified_diff(old: str, new: str, path: str) -> str:
    shown = path.lstrip("/")  # `a//abs/path` would read as a different path
    return "".join(difflib.unified_diff(old.splitlines(keepends=True), new.splitlines(keepends=True), f"a/{shown}", f"b/{shown}"))
