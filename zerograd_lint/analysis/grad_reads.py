"""`.grad` dereferenced on a parameter with no `is not None` guard (what ZG301 asks about).

A purely syntactic question, so it is answered on CPython's AST: files that
only read `.grad` (most of a codebase that touches gradients) never pay for a
LibCST parse.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass
from typing import Iterator

UNWRAPPING_CALLS = frozenset({"list", "tuple", "filter", "sorted", "iter", "reversed", "chain", "itertools.chain", "enumerate"})
TENSOR_NAMESPACES = frozenset({"torch", "F", "np", "numpy", "math"})
TENSOR_METHODS = frozenset({"add", "sub", "mul", "div", "copy", "dot", "matmul", "lerp", "addcmul", "addcdiv"})
NONE_CHECKS = (ast.Is, ast.IsNot, ast.Eq, ast.NotEq)
NOT_DEREFERENCING = (ast.Is, ast.IsNot, ast.Eq, ast.NotEq, ast.In, ast.NotIn)
COMPREHENSIONS = (ast.ListComp, ast.SetComp, ast.GeneratorExp, ast.DictComp)


@dataclass(frozen=True)
class GradRead:
    """A `p.grad` that is dereferenced; line and columns 1-based, in characters."""

    line: int
    column: int
    end_line: int
    end_column: int
    parameter: str
    source: str  # where the parameter comes from, as written


def dotted(node: ast.AST) -> str:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return f"{dotted(node.value)}.{node.attr}"
    return ""


def is_grad_of(node: ast.AST, name: str) -> bool:
    return isinstance(node, ast.Attribute) and node.attr == "grad" and isinstance(node.value, ast.Name) and node.value.id == name


def checks_grad_for_none(scope: ast.AST | list[ast.AST], name: str) -> bool:
    """Any `p.grad is (not) None`, `p.grad == None`, `if p.grad`, `assert p.grad` in the code."""
    nodes = scope if isinstance(scope, list) else [scope]
    for root in nodes:
        for node in ast.walk(root):
            if isinstance(node, ast.Compare) and all(isinstance(op, NONE_CHECKS) for op in node.ops):
                operands = [node.left, *node.comparators]
                if any(is_grad_of(o, name) for o in operands) and any(isinstance(o, ast.Constant) and o.value is None for o in operands):
                    return True
            test = getattr(node, "test", None) if isinstance(node, (ast.If, ast.While, ast.IfExp, ast.Assert)) else None
            tests = [test] if test is not None else list(node.values) if isinstance(node, ast.BoolOp) else []
            if isinstance(node, COMPREHENSIONS):
                tests = [condition for generator in node.generators for condition in generator.ifs]
            for candidate in tests:
                if isinstance(candidate, ast.UnaryOp) and isinstance(candidate.op, ast.Not):
                    candidate = candidate.operand
                if is_grad_of(candidate, name):
                    return True
    return False


class _Finder(ast.NodeVisitor):
    def __init__(self, lines: list[str], namespaces: frozenset[str]) -> None:
        self.lines = lines
        self.namespaces = namespaces
        self.assigned: list[dict[str, ast.AST]] = [{}]
        self.bound: list[dict[str, tuple[str, bool]]] = []
        self.found: dict[tuple[int, int], GradRead] = {}

    # Where parameters come from ------------------------------------------------

    def parameter_source(self, node: ast.AST, depth: int = 0) -> tuple[bool, bool]:
        """(is a parameter collection, is filtered on `.grad is not None`)."""
        if depth > 5:
            return False, False
        if isinstance(node, ast.Call):
            callee = dotted(node.func)
            if isinstance(node.func, ast.Attribute) and node.func.attr in {"parameters", "named_parameters"}:
                return True, False
            if callee in UNWRAPPING_CALLS or callee.endswith(".chain"):
                guarded = any(
                    isinstance(a, ast.Lambda) and any(checks_grad_for_none(a.body, p.arg) for p in a.args.args) for a in node.args
                )
                results = [self.parameter_source(a, depth + 1) for a in node.args]
                return any(r[0] for r in results), guarded or any(r[1] for r in results)
            return False, False
        if isinstance(node, ast.Subscript):
            index = node.slice
            return isinstance(index, ast.Constant) and isinstance(index.value, str) and "params" in index.value, False
        if isinstance(node, (ast.ListComp, ast.GeneratorExp, ast.SetComp)):
            generator = node.generators[0]
            is_params, guarded = self.parameter_source(generator.iter, depth + 1)
            name = generator.target.id if isinstance(generator.target, ast.Name) else None
            return is_params, guarded or bool(name and checks_grad_for_none(node, name))
        if isinstance(node, ast.Name) and node.id in self.assigned[-1]:
            return self.parameter_source(self.assigned[-1][node.id], depth + 1)
        name = node.id if isinstance(node, ast.Name) else node.attr if isinstance(node, ast.Attribute) else ""
        return "param" in name.lower() and "group" not in name.lower(), False

    def bind(self, target: ast.AST, iterable: ast.AST, scope: ast.AST | list[ast.AST]) -> dict[str, tuple[str, bool]]:
        is_params, guarded = self.parameter_source(iterable)
        if not is_params:
            return {}
        if isinstance(target, ast.Tuple) and len(target.elts) == 2:
            target = target.elts[1]  # (name, p) from named_parameters() / enumerate()
        if not isinstance(target, ast.Name):
            return {}
        return {target.id: (ast.unparse(iterable), guarded or checks_grad_for_none(scope, target.id))}

    # Scopes -----------------------------------------------------------------

    def visit_FunctionDef(self, node: ast.FunctionDef | ast.AsyncFunctionDef) -> None:
        self.assigned.append({})
        self.generic_visit(node)
        self.assigned.pop()

    visit_AsyncFunctionDef = visit_FunctionDef

    def visit_Assign(self, node: ast.Assign) -> None:
        for target in node.targets:
            if isinstance(target, ast.Name):
                self.assigned[-1][target.id] = node.value
        self.generic_visit(node)

    def visit_For(self, node: ast.For | ast.AsyncFor) -> None:
        self.visit(node.iter)
        self.bound.append(self.bind(node.target, node.iter, node.body))
        for statement in [*node.body, *node.orelse]:
            self.visit(statement)
        self.bound.pop()

    visit_AsyncFor = visit_For

    def visit_comprehension_node(self, node: ast.AST) -> None:
        binding: dict[str, tuple[str, bool]] = {}
        for generator in node.generators:
            binding.update(self.bind(generator.target, generator.iter, node))
        self.bound.append(binding)
        self.generic_visit(node)
        self.bound.pop()

    visit_ListComp = visit_SetComp = visit_GeneratorExp = visit_DictComp = visit_comprehension_node

    # Dereferences -------------------------------------------------------------

    def dereferenced(self, node: ast.AST) -> None:
        if not (isinstance(node, ast.Attribute) and node.attr == "grad" and isinstance(node.value, ast.Name)):
            return
        for frame in reversed(self.bound):
            if node.value.id in frame:
                source, guarded = frame[node.value.id]
                if not guarded:
                    self.report(node, node.value.id, source)
                return

    def report(self, node: ast.Attribute, parameter: str, source: str) -> None:
        line, column = node.lineno, self.column(node.lineno, node.col_offset)
        end_line, end_column = node.end_lineno or line, self.column(node.end_lineno or line, node.end_col_offset or 0)
        self.found.setdefault((line, column), GradRead(line, column, end_line, end_column, parameter, source))

    def column(self, line: int, byte_offset: int) -> int:
        """CPython counts UTF-8 bytes; reports count characters, 1-based."""
        text = self.lines[line - 1] if line <= len(self.lines) else ""
        return len(text.encode("utf-8")[:byte_offset].decode("utf-8", errors="replace")) + 1

    def visit_Attribute(self, node: ast.Attribute) -> None:
        self.dereferenced(node.value)
        self.generic_visit(node)

    def visit_Subscript(self, node: ast.Subscript) -> None:
        self.dereferenced(node.value)
        self.generic_visit(node)

    def visit_BinOp(self, node: ast.BinOp) -> None:
        self.dereferenced(node.left)
        self.dereferenced(node.right)
        self.generic_visit(node)

    def visit_UnaryOp(self, node: ast.UnaryOp) -> None:
        if not isinstance(node.op, ast.Not):
            self.dereferenced(node.operand)
        self.generic_visit(node)

    def visit_Compare(self, node: ast.Compare) -> None:
        if not any(isinstance(op, NOT_DEREFERENCING) for op in node.ops):
            for operand in [node.left, *node.comparators]:
                self.dereferenced(operand)
        self.generic_visit(node)

    def visit_AugAssign(self, node: ast.AugAssign) -> None:
        self.dereferenced(node.target)
        self.generic_visit(node)

    def visit_Call(self, node: ast.Call) -> None:
        callee = dotted(node.func)
        method = node.func.attr if isinstance(node.func, ast.Attribute) else ""
        if callee.split(".")[0] in self.namespaces or method.endswith("_") or method in TENSOR_METHODS:
            for argument in node.args:
                self.dereferenced(argument)
        self.generic_visit(node)


def tensor_namespaces(tree: ast.Module) -> frozenset[str]:
    """torch, numpy and math, under the names the module imports them as (`import torch as th`)."""
    names = set(TENSOR_NAMESPACES)
    for node in tree.body:
        if isinstance(node, ast.Import):
            names.update(a.asname for a in node.names if a.asname and a.name.split(".")[0] in {"torch", "numpy", "math"})
        elif isinstance(node, ast.ImportFrom) and node.module == "torch.nn":
            names.update(a.asname or a.name for a in node.names if a.name == "functional")
    return frozenset(names)


def find_grad_reads(tree: ast.Module, source: str) -> Iterator[GradRead]:
    finder = _Finder(re.split(r"\r\n|\r|\n", source), tensor_namespaces(tree))
    finder.visit(tree)
    yield from sorted(finder.found.values(), key=lambda r: (r.line, r.column))
