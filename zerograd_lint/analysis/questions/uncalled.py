"""Lifecycle methods named as a statement but never called (what ZG202 asks about)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterator

import libcst as cst

from zerograd_lint.analysis.ir.index import Container, ModuleIndex
from zerograd_lint.analysis.ir.names import Role, code_of
from zerograd_lint.analysis.ir.roles import Resolver
from zerograd_lint.analysis.ir.visiting import visit

ANY_RECEIVER = frozenset({"zero_grad", "backward", "unscale_"})
NEEDS_ROLE = {"step": Role.OPTIMIZER, "update": Role.SCALER}


@dataclass(frozen=True)
class Uncalled:
    node: cst.Attribute
    text: str


class _Finder(cst.CSTVisitor):
    def __init__(self, root: Container, resolver: Resolver) -> None:
        self.root = root
        self.resolver = resolver
        self.found: list[Uncalled] = []

    def visit_FunctionDef(self, node: cst.FunctionDef) -> bool:
        return node is self.root

    def visit_ClassDef(self, node: cst.ClassDef) -> bool:
        return not isinstance(self.root, cst.Module)  # class bodies belong to the module's walk

    def visit_Expr(self, node: cst.Expr) -> None:
        value = node.value
        if not isinstance(value, cst.Attribute):
            return
        method = value.attr.value
        if method in ANY_RECEIVER or (method in NEEDS_ROLE and self.resolver.role(value.value) is NEEDS_ROLE[method]):
            self.found.append(Uncalled(value, code_of(value)))


def find_uncalled(index: ModuleIndex) -> Iterator[Uncalled]:
    for root in index.roots:
        finder = _Finder(root, index.resolver_for(root))
        visit(root, finder)
        yield from finder.found
