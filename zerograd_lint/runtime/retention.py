"""ZG602 as it happens: earlier iterations' loss graphs that stay reachable, and the statement that keeps them.

Each backward marks the top of its graph (the loss's node and the few just
below it: `loss / n`, `scaler.scale(loss)`, the model's output) with one small
object, stored in each node's own metadata, so the mark lives exactly as long
as any of them. A correct loop drops each iteration's loss and its marks die with
it; when marks of several earlier iterations are still alive after later
steps, something keeps the losses. The guard then looks, once, for what holds
them: a variable of a user frame on the stack (or an attribute of one of its
objects) whose tensors reach a marked node, and the statement of that
function (or of that object's class) that accumulates into it. No holder, or
no such statement: no report.
"""

from __future__ import annotations

import ast
import functools
import gc
import linecache
import operator
import sys
import types
import weakref
from collections import deque
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import cache
from types import FrameType
from typing import Any

import torch

from zerograd_lint.analysis.ir.vocabulary import NO_GRAD_CONTEXTS
from zerograd_lint.base.diagnostics import Diagnostic
from zerograd_lint.runtime.lifecycle import report
from zerograd_lint.runtime.sites import Site, is_user_file

MARK = "zerograd_lint"
MARKED_DEPTH = 2  # the loss node and two levels below it
MARKS_PER_BACKWARD = 8
AGE = 1  # a graph this many iterations old should be gone: its loss variable was bound again since
RETAINED = 2  # earlier iterations whose graphs are still alive: the memory grows (`best = loss` keeps one)
SEARCHED_NODES = 4096  # of one holder's graph
SEARCHED_ITEMS = 8  # at each end of a container
ACCUMULATING_METHODS = frozenset({"append", "appendleft", "extend", "extendleft", "add", "insert", "update"})
NOT_HOLDERS = (types.ModuleType, type, types.FunctionType, types.MethodType, functools.partial)
DETACHING_METHODS = frozenset({"item", "detach", "tolist", "numpy"})
DETACHING_FUNCTIONS = frozenset({"float", "int"})
NODE = operator.itemgetter(0)  # of a (node, input number) pair of `next_functions`


class Mark:
    """Lives as long as a graph node that holds it; says which iteration last reached those nodes."""

    __slots__ = ("iteration", "__weakref__")

    def __init__(self, iteration: int) -> None:
        self.iteration = iteration


@dataclass(frozen=True)
class Holder:
    """`total_loss` in a frame, or `self.losses`: where earlier graphs are kept."""

    frame: FrameType
    name: str
    attribute: str | None = None

    @property
    def target(self) -> str:
        return self.name if self.attribute is None else f"{self.name}.{self.attribute}"


class LossGraphs:
    """The marks of the graphs of recent backwards, and the search for what keeps them alive."""

    def __init__(self) -> None:
        self._marks: list[weakref.ref[Mark]] = []
        self._threshold = RETAINED
        self._reported: set[tuple[str, int, int]] = set()
        self._quiet, self._quiet_until = RETAINED, 0  # after a collection that freed them: iterations to wait

    def mark(self, tensors: Iterable[Any], iteration: int) -> None:
        """The backward's roots and the nodes just below them now belong to this iteration.

        One mark per backward, shared by its nodes (a node reached again takes the newer one): a mark
        lives while any of them does. Level by level, each node's children listed by a C-level map.
        """
        current = Mark(iteration)
        level = [t.grad_fn for t in tensors if isinstance(t, torch.Tensor) and t.grad_fn is not None]
        seen = 0
        for depth in range(MARKED_DEPTH + 1):
            below: list[Any] = []
            for node in level:
                if seen == MARKS_PER_BACKWARD:
                    break
                if node is None or not hasattr(node, "metadata") or "AccumulateGrad" in type(node).__name__:
                    continue  # a parameter's accumulator lives as long as the parameter: not a graph of one iteration
                seen += 1
                try:
                    node.metadata[MARK] = current
                except (AttributeError, RuntimeError):  # a node kind that keeps no metadata
                    continue
                if depth < MARKED_DEPTH:
                    below.extend(map(NODE, node.next_functions))
            level = below
        if seen:
            self._marks.append(weakref.ref(current))

    def _old(self, iteration: int) -> list[Mark]:
        self._marks = [ref for ref in self._marks if ref() is not None]
        return [mark for mark in (ref() for ref in self._marks) if mark is not None and mark.iteration <= iteration - AGE]

    def check(self, iteration: int, frame: FrameType | None) -> Iterator[Diagnostic]:
        """After a step: are graphs of several earlier iterations still alive? Then find the statement."""
        if iteration < self._quiet_until:
            return
        old = self._old(iteration)
        if len({mark.iteration for mark in old}) < self._threshold:
            return
        gc.collect(1)  # what only a young reference cycle keeps is not kept by the loop (a full collection costs)
        old = self._old(iteration)
        count = len({mark.iteration for mark in old})
        if count < self._threshold:  # cycles: collected now, and not looked at again for a while
            self._quiet, self._quiet_until = self._quiet * 2, iteration + self._quiet
            return
        yield from self._statements(frame, iteration - AGE, count)
        alive = {id(mark) for mark in old}
        self._marks = [ref for ref in self._marks if id(ref()) not in alive]  # known now: never searched again
        self._threshold *= 2  # look again only once many more have piled up: a long run looks a few times

    def _statements(self, frame: FrameType | None, before: int, count: int) -> Iterator[Diagnostic]:
        for holder in holders(frame, lambda mark: mark.iteration <= before):
            for site, text, value in accumulations(holder):
                if site.position in self._reported:
                    continue
                self._reported.add(site.position)
                yield report(
                    "ZG602",
                    site,
                    f"`{text}` keeps every iteration's `{value}` with its autograd graph: the graphs of {count} "
                    f"earlier iterations are still alive after later steps, so memory grows until the run dies; "
                    f"accumulate `{value}.item()` (or `{value}.detach()`) instead",
                )


# -- what holds the graphs ------------------------------------------------------------------------


def _reaches(value: Any, is_old: Any, depth: int = 0) -> bool:
    """Whether a tensor (or a container of them) keeps a node marked by an old iteration."""
    if isinstance(value, torch.Tensor):
        return value.grad_fn is not None and _graph_reaches(value.grad_fn, is_old)
    if depth >= 2:
        return False
    if isinstance(value, dict):
        value = list(value.values())
    if isinstance(value, (list, tuple, deque)):
        items = list(value) if len(value) <= 2 * SEARCHED_ITEMS else [*list(value)[:SEARCHED_ITEMS], *list(value)[-SEARCHED_ITEMS:]]
        return any(_reaches(item, is_old, depth + 1) for item in items)
    return False


def _graph_reaches(root: Any, is_old: Any) -> bool:
    queue, seen = deque([root]), 0
    while queue and seen < SEARCHED_NODES:
        node = queue.popleft()
        if node is None or not hasattr(node, "metadata"):
            continue
        seen += 1
        try:
            mark = node.metadata.get(MARK)
        except (AttributeError, RuntimeError):
            mark = None
        if mark is not None and is_old(mark):
            return True
        queue.extend(child for child, _ in node.next_functions)
    return False


def _holds_attributes(value: Any) -> bool:
    """An object whose attributes may keep losses (a trainer, a namespace), not a module, class or function."""
    return hasattr(value, "__dict__") and not isinstance(value, NOT_HOLDERS) and not callable(value)


def holders(frame: FrameType | None, is_old: Any) -> Iterator[Holder]:
    """Variables of the user frames on the stack, and attributes of their user objects, that keep old graphs."""
    while frame is not None:
        if is_user_file(frame.f_code.co_filename):
            for name, value in list(frame.f_locals.items()):
                if _reaches(value, is_old):
                    yield Holder(frame, name)
                elif _holds_attributes(value):
                    for attribute, inner in list(vars(value).items()):
                        if _reaches(inner, is_old):
                            yield Holder(frame, name, attribute)
        frame = frame.f_back


# -- the statement that accumulates ---------------------------------------------------------------


@cache
def _tree(path: str) -> ast.Module | None:
    try:
        return ast.parse("".join(linecache.getlines(path)))
    except (SyntaxError, ValueError):
        return None


def _scope_of(tree: ast.Module, first_line: int, name: str) -> ast.AST:
    """The function whose code starts at `first_line` (decorators included), or the module."""
    if name == "<module>":
        return tree
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name == name:
            if min([node.lineno, *(d.lineno for d in node.decorator_list)]) == first_line:
                return node
    return tree


def _statements_of(scope: ast.AST) -> Iterator[tuple[ast.stmt, bool]]:
    """The scope's own statements (not those of nested functions and classes), and whether no_grad covers them."""

    def walk(body: list[ast.stmt], no_grad: bool) -> Iterator[tuple[ast.stmt, bool]]:
        for statement in body:
            if isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                continue
            yield statement, no_grad
            inner = no_grad or (
                isinstance(statement, (ast.With, ast.AsyncWith))
                and any(ast.unparse(item.context_expr).split("(")[0].endswith(tuple(NO_GRAD_CONTEXTS)) for item in statement.items)
            )
            for field in ("body", "orelse", "finalbody"):
                yield from walk(getattr(statement, field, []) or [], inner)
            for handler in getattr(statement, "handlers", []) or []:
                yield from walk(handler.body, inner)
            for case in getattr(statement, "cases", []) or []:
                yield from walk(case.body, inner)

    yield from walk(getattr(scope, "body", []), False)


def _is_target(node: ast.expr, target: str) -> bool:
    """`losses`, or an item of it (`history["loss"]`): what the holder holds."""
    while isinstance(node, ast.Subscript):
        if ast.unparse(node) == target:
            return True
        node = node.value
    return ast.unparse(node) == target


def _accumulated(statement: ast.stmt, target: str) -> ast.expr | None:
    """The value that `statement` adds into `target`, if it is an accumulation into it."""
    if isinstance(statement, ast.AugAssign) and _is_target(statement.target, target):
        return statement.value
    if isinstance(statement, ast.Assign) and len(statement.targets) == 1:
        assigned, value = statement.targets[0], statement.value
        if _is_target(assigned, target) and isinstance(value, ast.BinOp):
            if ast.unparse(value.left) == ast.unparse(assigned):
                return value.right
            if ast.unparse(value.right) == ast.unparse(assigned):
                return value.left
        if isinstance(assigned, ast.Subscript) and _is_target(assigned.value, target):
            return value
    if isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Call):
        call = statement.value
        if isinstance(call.func, ast.Attribute) and call.func.attr in ACCUMULATING_METHODS and call.args:
            if _is_target(call.func.value, target):
                return call.args[-1]
    return None


def _detached(value: ast.expr) -> bool:
    """`loss.item()`, `loss.detach()`, `float(loss)`, `loss.data`: no graph is kept."""
    for node in ast.walk(value):
        if isinstance(node, ast.Call):
            if isinstance(node.func, ast.Attribute) and node.func.attr in DETACHING_METHODS:
                return True
            if isinstance(node.func, ast.Name) and node.func.id in DETACHING_FUNCTIONS:
                return True
        if isinstance(node, ast.Attribute) and node.attr == "data":
            return True
    return False


def _site_of(path: str, statement: ast.stmt) -> Site:
    def column(line: int, offset: int) -> int:
        return len(linecache.getline(path, line).encode()[:offset].decode(errors="replace")) + 1

    end_line = statement.end_lineno or statement.lineno
    return Site(
        path, statement.lineno, column(statement.lineno, statement.col_offset),
        end_line, column(end_line, statement.end_col_offset or 0),
    )


def _in_scope(path: str, scope: ast.AST, target: str) -> Iterator[tuple[Site, str, str]]:
    for statement, no_grad in _statements_of(scope):
        value = _accumulated(statement, target)
        if value is None or no_grad:
            continue
        if not _detached(value):
            yield _site_of(path, statement), ast.unparse(statement), ast.unparse(value)


def _declaring_global(tree: ast.Module, name: str) -> Iterator[ast.AST]:
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            if any(isinstance(s, ast.Global) and name in s.names for s in ast.walk(node)):
                yield node


def accumulations(holder: Holder) -> Iterator[tuple[Site, str, str]]:
    """The statements that accumulate into the holder: in its frame's function, or in the methods of its object's class."""
    code = holder.frame.f_code
    tree = _tree(code.co_filename)
    if tree is not None:
        found = list(_in_scope(code.co_filename, _scope_of(tree, code.co_firstlineno, code.co_name), holder.target))
        if not found and code.co_name == "<module>" and holder.attribute is None:  # a global, updated by a function
            for function in _declaring_global(tree, holder.name):
                found.extend(_in_scope(code.co_filename, function, holder.name))
        if found:
            yield from found
            return
    if holder.attribute is None:
        return
    owner = type(holder.frame.f_locals.get(holder.name))
    path = getattr(sys.modules.get(owner.__module__), "__file__", None)
    tree = _tree(path) if path and is_user_file(path) else None
    if tree is None:
        return
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef) and node.name == owner.__name__:
            for method in node.body:
                if isinstance(method, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    yield from _in_scope(path, method, f"self.{holder.attribute}")  # type: ignore[arg-type]
