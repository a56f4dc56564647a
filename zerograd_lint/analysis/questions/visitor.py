"""CPython's syntax trees, walked cheaply: the one module of helpers for `ast` (the gate's screen, the reached code
and the questions answered on CPython's tree; LibCST's tree has `analysis/ir/visiting.py`)."""

from __future__ import annotations

import ast
import re
from bisect import bisect_left
from collections import deque
from typing import Any, Callable, ClassVar, Iterator, Sequence

Method = Callable[[Any, Any], Any]


def bound_names(target: ast.AST) -> Iterator[str]:
    """The names a target binds: `p`, `name, p`, `(i, (name, p))`, `*rest`."""
    if type(target) is ast.Name:
        yield target.id  # type: ignore[attr-defined]
    elif type(target) in (ast.Tuple, ast.List):
        for element in target.elts:  # type: ignore[attr-defined]
            yield from bound_names(element)
    elif type(target) is ast.Starred:
        yield from bound_names(target.value)  # type: ignore[attr-defined]


def dotted_name(node: ast.expr) -> str | None:
    """`a.b.C` as text; None for anything else (a call, a subscript in the chain)."""
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        inner = dotted_name(node.value)
        return f"{inner}.{node.attr}" if inner else None
    return None


# The fields of each node type that may hold nodes of interest, in order and last first: not `ctx` (`Load`,
# `Store`), nor an operator's (`Add`, `Eq`): no walk looks at those but through their parent; nor the fields
# that only ever hold a name, a number or a string (the grammar's `identifier`, `int`, `string`, `constant`:
# `Attribute.attr`, `arg.arg`, a def's `name`...), which a walk would look at only to find no node.
NOT_CHILDREN = frozenset({"ctx", "op", "ops"})
NEVER_NODES = frozenset(
    {"arg", "asname", "attr", "conversion", "id", "is_async", "kind", "kwd_attrs", "level", "module", "name", "rest", "simple", "tag", "type_comment"}
)
NODE_NAMED_NAME = "TypeAlias"  # `type X = ...` (Python 3.12): its `name` is a `Name` node
CONSTANT_VALUES = ("Constant", "MatchSingleton")  # their `value` is the constant itself
_CHILD_FIELDS: dict[type, tuple[str, ...]] = {}
CHILD_FIELDS_REVERSED: dict[type, tuple[str, ...]] = {}  # filled by `child_fields_reversed`; the gate's walk reads it first


def child_fields(kind: type) -> tuple[str, ...]:
    fields = _CHILD_FIELDS.get(kind)
    if fields is None:
        fields = _CHILD_FIELDS[kind] = tuple(name for name in kind._fields if may_hold_nodes(kind.__name__, name))
    return fields


def may_hold_nodes(kind: str, field: str) -> bool:
    if field in NOT_CHILDREN:
        return False
    if field in NEVER_NODES:
        return field == "name" and kind == NODE_NAMED_NAME
    return not (field == "value" and kind in CONSTANT_VALUES)


def child_fields_reversed(kind: type) -> tuple[str, ...]:
    fields = CHILD_FIELDS_REVERSED.get(kind)
    if fields is None:
        fields = CHILD_FIELDS_REVERSED[kind] = child_fields(kind)[::-1]
    return fields


class Visitor:
    """Visits as `ast.NodeVisitor` does: `visit_<Kind>` where the subclass has one, else `generic_visit`, which
    visits the children in field order. Faster: each kind's method is looked up once per subclass, and a
    node's fields once per kind (`child_fields`: no `ctx` nor operators, which no subclass visits)."""

    _methods: ClassVar[dict[type, Method]] = {}

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls._methods = {}

    def visit(self, node: ast.AST) -> Any:
        kind = type(node)
        method = self._methods.get(kind)
        if method is None:
            method = self._methods[kind] = getattr(type(self), f"visit_{kind.__name__}", type(self).generic_visit)
        return method(self, node)

    def generic_visit(self, node: ast.AST) -> None:
        for name in child_fields(type(node)):
            value = getattr(node, name, None)
            if type(value) is list:
                for item in value:
                    if isinstance(item, ast.AST):
                        self.visit(item)
            elif isinstance(value, ast.AST):
                self.visit(value)


def nodes_in(node: ast.AST) -> Iterator[ast.AST]:
    """`node` and every node under it, as `ast.walk` gives them but in another order, without `ctx` nor operators."""
    stack = [node]
    pop, push, AST = stack.pop, stack.append, ast.AST
    while stack:
        node = pop()
        yield node
        for name in child_fields(type(node)):
            value = getattr(node, name, None)
            if type(value) is list:
                for item in value:
                    if isinstance(item, AST):
                        push(item)
            elif isinstance(value, AST):
                push(value)


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


LINE_BREAK = re.compile(r"\r\n|\r|\n")


def lines_of(source: str) -> list[str]:
    """The source's lines as CPython numbers them (from 1: the first is at index 0)."""
    return LINE_BREAK.split(source)


def lines_saying(source: str, word: str) -> list[int]:
    """The lines (1-based, as CPython numbers them) that say `word`, or may in other letters: an identifier is read as
    its NFKC form. An ASCII text without `\r` is searched for the word, not cut into lines (a sixth of the time)."""
    if not source.isascii() or "\r" in source:
        return [number for number, line in enumerate(lines_of(source), 1) if word in line or not line.isascii()]
    found: list[int] = []
    line, at = 1, 0
    start = source.find(word)
    while start != -1:
        line += source.count("\n", at, start)
        at = start
        if not found or found[-1] != line:
            found.append(line)
        start = source.find(word, start + 1)
    return found


def spans_a_line(lines: Sequence[int], first: int, last: int) -> bool:
    """Whether one of the sorted `lines` is between `first` and `last`."""
    at = bisect_left(lines, first)
    return at < len(lines) and lines[at] <= last


def suites(statement: ast.stmt) -> Iterator[Sequence[ast.stmt]]:
    """The statement bodies of a compound statement, in source order (the gate's walk meets defs in this order)."""
    yield getattr(statement, "body", None) or []
    for handler in getattr(statement, "handlers", ()):
        yield handler.body
    for case in getattr(statement, "cases", ()):
        yield case.body
    yield getattr(statement, "orelse", None) or []
    yield getattr(statement, "finalbody", None) or []
