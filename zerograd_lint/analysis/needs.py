"""Which analyses a file needs, read off CPython's AST (an order of magnitude cheaper than LibCST)."""

from __future__ import annotations

import ast
from dataclasses import dataclass, field
from typing import Iterator

BACKWARD_METHODS = frozenset({"backward", "manual_backward"})
UNCALLED_METHODS = frozenset({"zero_grad", "backward", "step", "update", "unscale_"})
FUNCTIONS = (ast.FunctionDef, ast.AsyncFunctionDef)
INLINE_DEPTH = 5


@dataclass(frozen=True)
class Needs:
    lifecycle: bool  # a backward and a step: the loop and step-body rules
    grad_reads: bool  # some `.grad`: ZG301
    uncalled: bool  # a lifecycle method named as a statement: ZG202
    # Per analysis root (the module, then every def in source order): can it reach a backward and a step?
    roots: tuple[bool, ...] | None = field(default=None)

    @property
    def needs_libcst(self) -> bool:
        return self.lifecycle or self.uncalled


@dataclass
class _Body:
    backward: bool = False
    step: bool = False
    calls: set[str] = field(default_factory=set)


def defs_in_order(node: ast.AST) -> Iterator[ast.FunctionDef | ast.AsyncFunctionDef]:
    """Every def, pre-order, in source order: the order LibCST's walk meets them."""
    for child in ast.iter_child_nodes(node):
        if isinstance(child, FUNCTIONS):
            yield child
        yield from defs_in_order(child)


def own_nodes(root: ast.AST) -> Iterator[ast.AST]:
    """The nodes of a body, not of the defs nested in it."""
    for child in ast.iter_child_nodes(root):
        if not isinstance(child, FUNCTIONS):
            yield child
            yield from own_nodes(child)


def body_of(root: ast.AST) -> _Body:
    body = _Body()
    for node in own_nodes(root):
        if isinstance(node, ast.Call):
            func = node.func
            if isinstance(func, ast.Attribute):
                body.backward = body.backward or func.attr in BACKWARD_METHODS
                body.step = body.step or func.attr == "step"
                body.calls.add(func.attr)
            elif isinstance(func, ast.Name):
                body.calls.add(func.id)
            body.calls.update(a.id for a in node.args if isinstance(a, ast.Name))  # closures, partial(f)
    return body


def needs_of(tree: ast.Module) -> Needs:
    grad = uncalled = False
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute):
            grad = grad or node.attr == "grad"
        elif isinstance(node, ast.Expr) and isinstance(node.value, ast.Attribute):
            uncalled = uncalled or node.value.attr in UNCALLED_METHODS
    defs = list(defs_in_order(tree))
    bodies = [body_of(tree), *(body_of(d) for d in defs)]
    by_name: dict[str, list[_Body]] = {}
    for function, body in zip(defs, bodies[1:]):
        by_name.setdefault(function.name, []).append(body)

    def reaches(body: _Body) -> tuple[bool, bool]:
        backward, step, frontier, seen = body.backward, body.step, [body], {id(body)}
        for _ in range(INLINE_DEPTH):
            frontier = [b for f in frontier for name in f.calls for b in by_name.get(name, []) if id(b) not in seen]
            seen.update(id(b) for b in frontier)
            backward = backward or any(b.backward for b in frontier)
            step = step or any(b.step for b in frontier)
        return backward, step

    roots = tuple(all(reaches(body)) for body in bodies)
    return Needs(lifecycle=any(roots), grad_reads=grad, uncalled=uncalled, roots=roots)
