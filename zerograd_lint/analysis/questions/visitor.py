"""`ast.NodeVisitor` at a fraction of its cost: the questions visit every def of a large file that says `grad`."""

from __future__ import annotations

import ast
from typing import Any, Callable, ClassVar, Iterator

Method = Callable[[Any, Any], Any]


class Visitor:
    """Visits as `ast.NodeVisitor` does: `visit_<Kind>` where the subclass has one, else `generic_visit`, which
    visits the children in field order. Faster: each kind's method is looked up once per subclass, and a
    node's fields once per kind, without `ctx` (it holds nothing to visit: no subclass visits `Load`)."""

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


_CHILD_FIELDS: dict[type, tuple[str, ...]] = {}


def child_fields(kind: type) -> tuple[str, ...]:
    """The fields of a node kind that may hold nodes, in order (every one but `ctx`)."""
    fields = _CHILD_FIELDS.get(kind)
    if fields is None:
        fields = _CHILD_FIELDS[kind] = tuple(name for name in kind._fields if name != "ctx")  # type: ignore[attr-defined]
    return fields


def nodes_in(node: ast.AST) -> Iterator[ast.AST]:
    """`node` and every node under it, as `ast.walk` gives them but in another order and without `ctx`."""
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
