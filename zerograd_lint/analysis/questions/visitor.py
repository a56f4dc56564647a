"""`ast.NodeVisitor` at a fraction of its cost: the questions visit every def of a large file that says `grad`."""

from __future__ import annotations

import ast
from typing import Any, Callable, ClassVar, Iterator

from zerograd_lint.core.gate import child_fields

Method = Callable[[Any, Any], Any]


class Visitor:
    """Visits as `ast.NodeVisitor` does: `visit_<Kind>` where the subclass has one, else `generic_visit`, which
    visits the children in field order. Faster: each kind's method is looked up once per subclass, and a
    node's fields once per kind (`gate.child_fields`: no `ctx` nor operators, which no subclass visits)."""

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
