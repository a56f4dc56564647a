"""`.grad` dereferenced on a parameter with no `is not None` guard (what ZG301 asks about)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Iterator

import libcst as cst

from zerograd_lint.analysis.names import dotted_name, last_name

_EMPTY = cst.Module(body=[])
UNWRAPPING_CALLS = frozenset({"list", "tuple", "filter", "sorted", "iter", "reversed", "chain", "itertools.chain", "enumerate"})
TENSOR_NAMESPACES = frozenset({"torch", "F", "np", "numpy", "math"})
TENSOR_METHODS = frozenset({"add", "sub", "mul", "div", "copy", "dot", "matmul", "lerp", "addcmul", "addcdiv"})
IDENTITY_OPERATORS = (cst.Is, cst.IsNot, cst.Equal, cst.NotEqual, cst.In, cst.NotIn)


@dataclass(frozen=True)
class GradRead:
    node: cst.Attribute  # the `p.grad` that is dereferenced
    parameter: str
    source: str  # where the parameter comes from, as written


def source_text(node: cst.CSTNode) -> str:
    return _EMPTY.code_for_node(node)


def checks_grad_for_none(node: cst.CSTNode, parameter: str) -> bool:
    """Any `p.grad is (not) None`, `p.grad == None`, `if p.grad`, `assert p.grad` in the code."""
    p = re.escape(parameter)
    pattern = (
        rf"\b{p}\.grad\s+is\s+(not\s+)?None|\b{p}\.grad\s*[!=]=\s*None|\bNone\s+is\s+(not\s+)?{p}\.grad"
        rf"|(?:\bif|\belif|\bwhile|\band|\bor|\bassert|\bnot)\s+\(?{p}\.grad\b(?!\.)"
    )
    return re.search(pattern, source_text(node)) is not None


@dataclass(frozen=True)
class _Binding:
    source: str
    guarded: bool


class _GradReadFinder(cst.CSTVisitor):
    def __init__(self) -> None:
        self.assigned: list[dict[str, cst.BaseExpression]] = [{}]
        self.bound: list[dict[str, _Binding]] = []
        self.found: dict[int, GradRead] = {}

    # Where parameters come from ------------------------------------------------

    def parameter_source(self, node: cst.BaseExpression, depth: int = 0) -> tuple[bool, bool]:
        """(is a parameter collection, is filtered on `.grad is not None`)."""
        if depth > 5:
            return False, False
        if isinstance(node, cst.Call):
            callee = dotted_name(node.func) or ""
            if isinstance(node.func, cst.Attribute) and node.func.attr.value in {"parameters", "named_parameters"}:
                return True, False
            if callee in UNWRAPPING_CALLS or callee.endswith(".chain"):
                guarded = any(checks_grad_for_none(a.value, name) for a in node.args for name in lambda_parameters(a.value))
                results = [self.parameter_source(a.value, depth + 1) for a in node.args]
                return any(r[0] for r in results), guarded or any(r[1] for r in results)
            return False, False
        if isinstance(node, cst.Subscript):
            index = node.slice[0].slice if len(node.slice) == 1 else None
            if isinstance(index, cst.Index) and isinstance(index.value, cst.SimpleString) and "params" in index.value.value:
                return True, False
            return False, False
        if isinstance(node, (cst.ListComp, cst.GeneratorExp, cst.SetComp)):
            target = node.for_in.target
            name = target.value if isinstance(target, cst.Name) else None
            is_params, guarded = self.parameter_source(node.for_in.iter, depth + 1)
            return is_params, guarded or bool(name and checks_grad_for_none(node, name))
        if isinstance(node, cst.Name) and node.value in self.assigned[-1]:
            return self.parameter_source(self.assigned[-1][node.value], depth + 1)
        name = last_name(node) if isinstance(node, (cst.Name, cst.Attribute)) else None
        if name and "param" in name.lower() and "group" not in name.lower():
            return True, False
        return False, False

    def bind(self, target: cst.BaseExpression, iterable: cst.BaseExpression, scope: cst.CSTNode) -> dict[str, _Binding]:
        is_params, guarded = self.parameter_source(iterable)
        if not is_params:
            return {}
        if isinstance(target, cst.Tuple) and len(target.elements) == 2:
            target = target.elements[1].value  # (name, p) from named_parameters() / enumerate()
        if not isinstance(target, cst.Name):
            return {}
        name = target.value
        return {name: _Binding(source_text(iterable), guarded or checks_grad_for_none(scope, name))}

    # Scopes -----------------------------------------------------------------

    def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
        self.assigned.append({})

    def leave_FunctionDef(self, original_node: cst.FunctionDef) -> None:
        self.assigned.pop()

    def visit_Assign(self, node: cst.Assign) -> None:
        for target in node.targets:
            if isinstance(target.target, cst.Name):
                self.assigned[-1][target.target.value] = node.value

    def visit_For(self, node: cst.For) -> None:
        self.bound.append(self.bind(node.target, node.iter, node.body))

    def leave_For(self, original_node: cst.For) -> None:
        self.bound.pop()

    def visit_comprehension(self, node: cst.CSTNode) -> None:
        binding: dict[str, _Binding] = {}
        comp: cst.CompFor | None = node.for_in
        while comp is not None:
            binding.update(self.bind(comp.target, comp.iter, node))
            comp = comp.inner_for_in
        self.bound.append(binding)

    def leave_comprehension(self, original_node: cst.CSTNode) -> None:
        self.bound.pop()

    visit_ListComp = visit_GeneratorExp = visit_SetComp = visit_DictComp = visit_comprehension
    leave_ListComp = leave_GeneratorExp = leave_SetComp = leave_DictComp = leave_comprehension

    # Dereferences -------------------------------------------------------------

    def binding_of(self, node: cst.CSTNode) -> _Binding | None:
        if not (isinstance(node, cst.Attribute) and node.attr.value == "grad" and isinstance(node.value, cst.Name)):
            return None
        for frame in reversed(self.bound):
            if node.value.value in frame:
                return frame[node.value.value]
        return None

    def dereferenced(self, node: cst.CSTNode) -> None:
        binding = self.binding_of(node)
        if binding is not None and not binding.guarded:
            self.found.setdefault(id(node), GradRead(node, node.value.value, binding.source))

    def visit_Attribute(self, node: cst.Attribute) -> None:
        self.dereferenced(node.value)

    def visit_Subscript(self, node: cst.Subscript) -> None:
        self.dereferenced(node.value)

    def visit_BinaryOperation(self, node: cst.BinaryOperation) -> None:
        self.dereferenced(node.left)
        self.dereferenced(node.right)

    def visit_UnaryOperation(self, node: cst.UnaryOperation) -> None:
        if not isinstance(node.operator, cst.Not):
            self.dereferenced(node.expression)

    def visit_Comparison(self, node: cst.Comparison) -> None:
        if all(not isinstance(c.operator, IDENTITY_OPERATORS) for c in node.comparisons):
            self.dereferenced(node.left)
            for comparison in node.comparisons:
                self.dereferenced(comparison.comparator)

    def visit_AugAssign(self, node: cst.AugAssign) -> None:
        self.dereferenced(node.target)

    def visit_Call(self, node: cst.Call) -> None:
        callee = dotted_name(node.func) or ""
        method = node.func.attr.value if isinstance(node.func, cst.Attribute) else ""
        if callee.split(".")[0] in TENSOR_NAMESPACES or method.endswith("_") or method in TENSOR_METHODS:
            for argument in node.args:
                self.dereferenced(argument.value)


def lambda_parameters(node: cst.BaseExpression) -> list[str]:
    if isinstance(node, cst.Lambda):
        return [p.name.value for p in node.params.params]
    return []


def find_grad_reads(module: cst.Module) -> Iterator[GradRead]:
    finder = _GradReadFinder()
    module.visit(finder)
    yield from finder.found.values()
