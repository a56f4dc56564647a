"""Syntax newer than the running Python: why CPython's parser refuses a file LibCST reads.

CPython parses with its own grammar, so under Python 3.11 a file with PEP 695
type parameters (`def f[T](x: T)`, `type X = ...`) is a syntax error.
LibCST's parser knows newer grammar: when it reads the file, the file is
valid Python of a newer version: when it uses a construct that tells which
(type parameters, PEP 701 f-strings, `except*`, `match`), the report says
so, and that zerograd-lint must run on that version (the analysis needs
CPython's parser too); otherwise it stays a plain syntax error.
"""

from __future__ import annotations

import re
import sys

import libcst as cst

from zerograd_lint.analysis.ir.names import source_of
from zerograd_lint.core.deep_stack import on_deep_stack

RUNNING = sys.version_info[:2]
# CPython's tokenizer refuses deeper nesting; LibCST's parser, written in Rust, can overflow its stack on it.
MAX_BRACKET_DEPTH = 200
BRACKET = re.compile(r"[][(){}]")


class _NewestSyntax(cst.CSTVisitor):
    """The newest Python version whose syntax the module uses, among those LibCST tells apart."""

    def __init__(self) -> None:
        self.version = (3, 0)

    def needs(self, version: tuple[int, int]) -> None:
        self.version = max(self.version, version)

    def visit_TypeAlias(self, node: cst.TypeAlias) -> None:
        self.needs((3, 12))

    def visit_TypeParameters(self, node: cst.TypeParameters) -> None:
        self.needs((3, 12))

    def visit_FormattedString(self, node: cst.FormattedString) -> None:
        quote = node.start[-1]
        inner = "".join(source_of(part) for part in node.parts if isinstance(part, cst.FormattedStringExpression))
        if quote in inner or "\\" in inner:  # PEP 701: quotes and backslashes inside the braces
            self.needs((3, 12))

    def visit_TryStar(self, node: cst.TryStar) -> None:
        self.needs((3, 11))

    def visit_Match(self, node: cst.Match) -> None:
        self.needs((3, 10))


def newer_syntax_hint(source: str) -> str | None:
    """For a file CPython cannot parse: what to do if it is valid Python of a newer version, else None."""
    if max_bracket_depth(source) > MAX_BRACKET_DEPTH:
        return None
    try:
        module = on_deep_stack(cst.parse_module, source)
    except (cst.ParserSyntaxError, RecursionError, ValueError):
        return None
    finder = _NewestSyntax()
    module.visit(finder)
    if finder.version <= RUNNING:
        return None  # LibCST is more lenient than CPython in places: no newer syntax seen, a plain syntax error
    needed, running = "%d.%d" % finder.version, "%d.%d" % RUNNING
    return (
        f"this file needs Python {needed} syntax, and zerograd-lint runs on Python {running} here: "
        f"install it under Python {needed} or newer (with pre-commit: `language_version: python{needed}`)"
    )


def max_bracket_depth(source: str) -> int:
    """How deep brackets nest, as a text scan sees them (brackets in strings and comments count too)."""
    depth = deepest = 0
    for match in BRACKET.finditer(source):
        if match.group() in "([{":
            depth += 1
            deepest = max(deepest, depth)
        else:
            depth = max(depth - 1, 0)
    return deepest
