"""`node.visit(visitor)` for the analysis's read-only visitors, without LibCST's cost.

LibCST's own traversal rebuilds every node it passes (`_visit_and_replace_children`
makes a new node of the visited children, validated anew) and asks the visitor
for a hook before and after every field: most of the analysis's time in a
large file. The analysis only reads, so `visit` walks the same nodes in the
same order and calls the same `visit_<Node>` / `leave_<Node>` methods, and
skips what no analysis looks at: whitespace, comments, parentheses, commas,
operators (they hold no code). A visitor with hooks of its own (`on_visit`,
`on_leave`, `visit_<Node>_<field>`) is handed to LibCST.
"""

from __future__ import annotations

import dataclasses
import re
from functools import lru_cache
from typing import Callable, Optional, TypeVar

import libcst as cst

# Fields holding only whitespace, comments or tokens (or text): nothing a read-only visitor asks about.
TOKEN_FIELDS = re.compile(
    r".*whitespace.*|lpar|rpar|lbracket|rbracket|lbrace|rbrace|leading_lines|lines_after_decorators|header|footer|indent"
    r"|comma|semicolon|colon|first_colon|second_colon|dot|trailing_comma|posonly_ind|asynchronous|equal|operator|star"
    r"|relative|newline|separator|comment|first_line|empty_lines|last_line"
)
# Where LibCST visits the fields in another order than it declares them (libcst 1.x; see
# tests/test_visiting.py, which compares the two traversals over every module of the tests' data).
VISIT_ORDER = {
    "Arg": ("keyword", "value"),
    "ClassDef": ("decorators", "name", "type_parameters", "bases", "keywords", "body"),
    "ExceptHandler": ("type", "name", "body"),
    "ExceptStarHandler": ("type", "name", "body"),
    "FunctionDef": ("decorators", "name", "type_parameters", "params", "returns", "body"),
    "IfExp": ("body", "test", "orelse"),
    "MatchCase": ("pattern", "guard", "body"),
    "Parameters": ("posonly_params", "params", "star_arg", "kwonly_params", "star_kwarg"),
    "TypeAlias": ("name", "type_parameters", "value"),
}
Hook = Optional[Callable[[cst.CSTVisitor, cst.CSTNode], object]]
Node = TypeVar("Node", bound=cst.CSTNode)
ATTRIBUTE_HOOK = re.compile(r"(visit|leave)_[A-Z]\w*_\w+")
# Each visitor class's hooks, by node class. Visitor classes are made once, at module level: a class made
# inside a function is a new ABC on each call, whose making and `issubclass` checks grow with every class
# made before it (a 1 MB file of loops made 31,000 of them).
HOOKS: dict[type[cst.CSTVisitor], dict[type[cst.CSTNode], tuple[Hook, Hook]]] = {}


def visit(node: cst.CSTNode, visitor: cst.CSTVisitor) -> None:
    """Visit `node` and what it holds as `node.visit(visitor)` would: a `visit_<Node>` that returns False skips
    the node's children; `leave_<Node>` follows them."""
    kind = type(visitor)
    hooks = HOOKS.get(kind)
    if hooks is None:
        if not reads_only(kind):
            node.visit(visitor)
            return
        hooks = HOOKS[kind] = {}
    walk(node, visitor, hooks)


def walk(node: cst.CSTNode, visitor: cst.CSTVisitor, hooks: dict[type[cst.CSTNode], tuple[Hook, Hook]]) -> None:
    kind = type(node)
    pair = hooks.get(kind)
    if pair is None:
        pair = hooks[kind] = hooks_of(type(visitor), kind)
    enter, leave = pair
    if enter is None or enter(visitor, node) is not False:
        for name in code_fields(kind):  # `code_children`'s loop, inline: a list for each node costs a third of the walk
            value = getattr(node, name)
            if is_node_class(type(value)):
                walk(value, visitor, hooks)
            elif type(value) is tuple or type(value) is list:
                for item in value:
                    if is_node_class(type(item)):
                        walk(item, visitor, hooks)
    if leave is not None:
        leave(visitor, node)


def nodes_of(node: cst.CSTNode, kind: type[Node]) -> list[Node]:
    """Every node of this kind (a class or a tuple of them) in `node` (itself included), in the order a visit meets them."""
    found: list[Node] = []
    stack = [node]
    pop, push = stack.pop, stack.append
    exact = final_kinds(kind)
    while stack:
        current = pop()
        if (type(current) in exact) if exact is not None else isinstance(current, kind):
            found.append(current)
        # `code_children` pushed last first, inline: a list for each node costs a quarter of the walk
        for name in code_fields_reversed(type(current)):
            value = getattr(current, name)
            if is_node_class(type(value)):
                push(value)
            elif type(value) is tuple or type(value) is list:
                for item in reversed(value):
                    if is_node_class(type(item)):
                        push(item)
    return found


@lru_cache(maxsize=None)
def final_kinds(kind: type | tuple[type, ...]) -> frozenset[type] | None:
    """The classes of `kind` where none has a subclass, so that `type()` tells a node of it (LibCST's concrete node
    classes are final); None for an abstract one (`cst.BaseExpression`). An isinstance against a LibCST class, an
    ABC, runs ABCMeta's Python `__instancecheck__`: about 230 ns against 40 for `type() in`."""
    kinds = kind if isinstance(kind, tuple) else (kind,)
    return None if any(each.__subclasses__() for each in kinds) else frozenset(kinds)


def code_children(node: cst.CSTNode) -> list[cst.CSTNode]:
    """`node.children` without whitespace, comments and tokens, in the same order, and without LibCST's
    rebuilding of the node (a parent's code children are the code nodes `node.children` lists)."""
    found: list[cst.CSTNode] = []
    for name in code_fields(type(node)):
        value = getattr(node, name)
        if is_node_class(type(value)):
            found.append(value)
        elif type(value) is tuple or type(value) is list:
            found.extend(item for item in value if is_node_class(type(item)))
    return found


@lru_cache(maxsize=None)
def is_node_class(kind: type) -> bool:
    """`issubclass(kind, cst.CSTNode)`, once per class: `isinstance` against CSTNode, an ABC, runs Python code for
    every value. Read from the class's MRO (LibCST registers no virtual subclass): the ABC's own answer for a
    class that is not a node asks each of its ~380 subclasses in turn (~3 ms of the editor's first check)."""
    return cst.CSTNode in kind.__mro__


@lru_cache(maxsize=None)
def code_fields(kind: type[cst.CSTNode]) -> tuple[str, ...]:
    """The fields of a node class that can hold code, in the order LibCST visits them."""
    if kind.__name__ in VISIT_ORDER:
        return VISIT_ORDER[kind.__name__]
    return tuple(f.name for f in dataclasses.fields(kind) if not TOKEN_FIELDS.fullmatch(f.name))


@lru_cache(maxsize=None)
def code_fields_reversed(kind: type[cst.CSTNode]) -> tuple[str, ...]:
    """`code_fields`, last first (a walk's stack)."""
    return code_fields(kind)[::-1]


def hooks_of(visitor: type[cst.CSTVisitor], kind: type[cst.CSTNode]) -> tuple[Hook, Hook]:
    """The visitor's own `visit_<Node>` and `leave_<Node>` (None for LibCST's empty defaults)."""
    found: list[Hook] = []
    for prefix in ("visit_", "leave_"):
        name = prefix + kind.__name__
        method = getattr(visitor, name, None)
        found.append(None if method is None or method is getattr(cst.CSTVisitor, name, None) else method)
    return found[0], found[1]


def reads_only(visitor: type[cst.CSTVisitor]) -> bool:
    """Whether the visitor hooks only `visit_<Node>` and `leave_<Node>`, which `walk` calls as LibCST does."""
    if visitor.on_visit is not cst.CSTVisitor.on_visit or visitor.on_leave is not cst.CSTVisitor.on_leave:
        return False
    own = (name for cls in visitor.__mro__ if cls is not cst.CSTVisitor and not issubclass(cst.CSTVisitor, cls) for name in vars(cls))
    return not any(ATTRIBUTE_HOOK.fullmatch(name) for name in own)
