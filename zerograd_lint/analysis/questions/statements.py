"""Every statement of a CPython tree, without a look at its expressions (no statement is inside one)."""

from __future__ import annotations

import ast
from collections import deque
from typing import Iterator

# Where a statement (or a module, an `except` clause, a `case`) holds statements, in `ast.walk`'s order.
SUITES = ("body", "handlers", "cases", "orelse", "finalbody")


def statements_in(tree: ast.AST) -> Iterator[ast.stmt]:
    """The statements under `tree`, in the order `ast.walk` meets them (breadth first)."""
    waiting = deque([tree])
    while waiting:
        node = waiting.popleft()
        if isinstance(node, ast.stmt):
            yield node
        for name in SUITES:
            waiting.extend(getattr(node, name, None) or ())
