"""A module's functions, classes and scopes, for resolving helpers and receivers."""

from __future__ import annotations

from functools import cached_property

import libcst as cst

from zerograd_lint.analysis.roles import Resolver, Scope, collect

Container = cst.CSTNode  # a cst.Module or a cst.FunctionDef


class _Walker(cst.CSTVisitor):
    def __init__(self, index: "ModuleIndex") -> None:
        self.index = index
        self.stack: list[cst.CSTNode] = [index.module]

    def visit_ClassDef(self, node: cst.ClassDef) -> None:
        self.index.classes.setdefault(node.name.value, node)
        self.stack.append(node)

    def leave_ClassDef(self, original_node: cst.ClassDef) -> None:
        self.stack.pop()

    def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
        parent = self.stack[-1]
        if isinstance(parent, cst.ClassDef):
            self.index.class_of[node] = parent
            self.index.methods_of.setdefault(parent, {})[node.name.value] = node
        else:
            self.index.defs_in.setdefault(parent, {})[node.name.value] = node
            self.index.enclosing[node] = parent
            if parent in self.index.class_of:  # a def nested in a method sees the same `self`
                self.index.class_of[node] = self.index.class_of[parent]
        self.index.functions.append(node)
        self.stack.append(node)

    def leave_FunctionDef(self, original_node: cst.FunctionDef) -> None:
        self.stack.pop()


class ModuleIndex:
    def __init__(self, module: cst.Module) -> None:
        self.module = module
        self.functions: list[cst.FunctionDef] = []
        self.classes: dict[str, cst.ClassDef] = {}
        self.class_of: dict[cst.FunctionDef, cst.ClassDef] = {}
        self.methods_of: dict[cst.ClassDef, dict[str, cst.FunctionDef]] = {}
        self.defs_in: dict[Container, dict[str, cst.FunctionDef]] = {}
        self.enclosing: dict[cst.FunctionDef, Container] = {}
        module.visit(_Walker(self))
        self.class_scopes: dict[cst.ClassDef, Scope] = {c: Scope() for c in self.methods_of}
        self.scopes: dict[Container, Scope] = {}
        self.scopes[module] = collect(module, Scope(), None, root=module)
        for function in self.functions:
            self.scopes[function] = collect(function, Scope(), self.class_scopes.get(self.owner_class(function)), root=function)

    def owner_class(self, function: cst.FunctionDef) -> cst.ClassDef | None:
        return self.class_of.get(function)

    def resolver_for(self, container: Container, overlay=None, overlay_roles=None) -> Resolver:
        scopes: list[Scope] = []
        node: Container | None = container
        while isinstance(node, cst.FunctionDef):
            scopes.append(self.scopes[node])
            node = self.enclosing.get(node)
        if isinstance(container, cst.FunctionDef) and self.owner_class(container) in self.class_scopes:
            scopes.append(self.class_scopes[self.owner_class(container)])
        scopes.append(self.scopes[self.module])
        return Resolver(tuple(scopes), overlay or {}, overlay_roles or {})

    def method(self, cls: cst.ClassDef, name: str, seen: frozenset[str] = frozenset()) -> cst.FunctionDef | None:
        """`self.name` on an instance of `cls`: its own method or a base class's in this file."""
        found = self.methods_of.get(cls, {}).get(name)
        if found is not None:
            return found
        for base in cls.bases:
            base_name = base.value.value if isinstance(base.value, cst.Name) else None
            if base_name and base_name not in seen and base_name in self.classes:
                found = self.method(self.classes[base_name], name, seen | {cls.name.value})
                if found is not None:
                    return found
        return None

    def function(self, container: Container, name: str) -> cst.FunctionDef | None:
        """A plain call `name(...)` from inside `container`: nested defs first, then the module's."""
        node: Container | None = container
        while node is not None:
            found = self.defs_in.get(node, {}).get(name)
            if found is not None:
                return found
            node = self.enclosing.get(node) if isinstance(node, cst.FunctionDef) else None
        return self.defs_in.get(self.module, {}).get(name)

    @cached_property
    def roots(self) -> list[Container]:
        """Everything the analysis starts from: the module body and every function."""
        return [self.module, *self.functions]
