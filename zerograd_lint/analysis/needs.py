"""Which analyses a file needs, read off CPython's AST (an order of magnitude cheaper than LibCST)."""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass, field

from zerograd_lint.analysis.grad_reads import GradReads, grad_reads_of
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
    reads: GradReads  # unguarded `.grad` reads: ZG301 and ZG302
    uncalled: bool  # a lifecycle method named as a statement: ZG202
    # Per analysis root (the module, then every def in source order): can it reach a backward and a step?
    roots: tuple[bool, ...] | None = field(default=None)
    # Per analysis root: can it reach a `.grad`? (only when the reads need the flow analysis)
    read_roots: tuple[bool, ...] | None = field(default=None)

    @property
    def grad_reads(self) -> bool:
        return bool(self.reads.found)

    @property
    def needs_libcst(self) -> bool:
        return self.lifecycle or self.uncalled or self.reads.need_flow


@dataclass
class _Body:
    backward: bool = False
    step: bool = False
    grad: bool = False
    calls: set[str] = field(default_factory=set)


def note(node: ast.AST, body: _Body, read_lines: frozenset[int]) -> None:
    if isinstance(node, ast.Attribute) and node.attr == "grad" and node.lineno in read_lines:
        body.grad = True
    if isinstance(node, ast.Call):
        func = node.func
        if isinstance(func, ast.Attribute):
            body.backward = body.backward or func.attr in BACKWARD_METHODS
            body.step = body.step or func.attr == "step"
            body.calls.add(func.attr)
        elif isinstance(func, ast.Name):
            body.calls.add(func.id)
        body.calls.update(a.id for a in node.args if isinstance(a, ast.Name))  # closures, partial(f)


def scan(tree: ast.Module, read_lines: frozenset[int] = frozenset()) -> tuple[list[_Body], list[ast.AST]]:
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
                note(child, body, read_lines)
                visit(child, body)

    visit(tree, bodies[0])
    return bodies, defs


def needs_of(tree: ast.Module, source: str) -> Needs:
    reads = grad_reads_of(tree, source) if GRAD_TEXT.search(source) else GradReads()
    uncalled = UNCALLED_TEXT.search(source) is not None
    lifecycle = BACKWARD_TEXT.search(source) is not None and STEP_TEXT.search(source) is not None
    if not (lifecycle or reads.need_flow):
        return Needs(lifecycle=False, reads=reads, uncalled=uncalled)
    bodies, defs = scan(tree, frozenset(r.line for r in reads.found))
    by_name: dict[str, list[_Body]] = {}
    for function, body in zip(defs, bodies[1:]):
        by_name.setdefault(function.name, []).append(body)

    def reaches(body: _Body) -> tuple[bool, bool, bool]:
        backward, step, grad, frontier, seen = body.backward, body.step, body.grad, [body], {id(body)}
        for _ in range(INLINE_DEPTH):
            frontier = [b for f in frontier for name in f.calls for b in by_name.get(name, []) if id(b) not in seen]
            seen.update(id(b) for b in frontier)
            backward = backward or any(b.backward for b in frontier)
            step = step or any(b.step for b in frontier)
            grad = grad or any(b.grad for b in frontier)  # the body or a helper it calls reads `.grad` unguarded
        return backward, step, grad

    reached = [reaches(body) for body in bodies]
    roots = tuple(backward and step for backward, step, _ in reached) if lifecycle else None
    read_roots = tuple(grad for _, _, grad in reached) if reads.need_flow else None
    return Needs(lifecycle=any(roots or ()), reads=reads, uncalled=uncalled, roots=roots, read_roots=read_roots)
