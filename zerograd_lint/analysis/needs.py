"""Which analyses a file needs, read off CPython's AST (an order of magnitude cheaper than LibCST)."""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass, field

from zerograd_lint.prefilter import BACKWARD_METHODS

FUNCTIONS = (ast.FunctionDef, ast.AsyncFunctionDef)
INLINE_DEPTH = 5
# Cheap text tests first: the AST is walked only for files that could have a training loop.
BACKWARD_TEXT = re.compile(r"backward\s*\(")
STEP_TEXT = re.compile(r"\.step\s*\(")
GRAD_TEXT = re.compile(r"\.grad\b")
UNCALLED_TEXT = re.compile(r"\.(?:zero_grad|backward|step|update|unscale_)[ \t]*(?:[;#\r\n]|$)", re.MULTILINE)


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


def note(node: ast.AST, body: _Body) -> None:
    if isinstance(node, ast.Call):
        func = node.func
        if isinstance(func, ast.Attribute):
            body.backward = body.backward or func.attr in BACKWARD_METHODS
            body.step = body.step or func.attr == "step"
            body.calls.add(func.attr)
        elif isinstance(func, ast.Name):
            body.calls.add(func.id)
        body.calls.update(a.id for a in node.args if isinstance(a, ast.Name))  # closures, partial(f)
        body.calls.update(a.attr for a in node.args if isinstance(a, ast.Attribute))  # closures: step(self.closure)


def scan(tree: ast.Module) -> tuple[list[_Body], list[ast.AST]]:
    """The module's body, then every def's, pre-order in source order (the order LibCST's walk meets them)."""
    bodies, defs = [_Body()], []

    def visit(node: ast.AST, body: _Body) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, FUNCTIONS):
                inner = _Body()
                bodies.append(inner)
                defs.append(child)
                visit(child, inner)
            else:
                note(child, body)
                visit(child, body)

    visit(tree, bodies[0])
    return bodies, defs


def needs_of(tree: ast.Module, source: str) -> Needs:
    grad = GRAD_TEXT.search(source) is not None
    uncalled = UNCALLED_TEXT.search(source) is not None
    if not (BACKWARD_TEXT.search(source) and STEP_TEXT.search(source)):
        return Needs(lifecycle=False, grad_reads=grad, uncalled=uncalled)
    bodies, defs = scan(tree)
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
