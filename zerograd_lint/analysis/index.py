"""A module's functions, classes and scopes, for resolving helpers and receivers.

Functions and classes can only be statements, so they are found by walking
statement bodies alone (expressions are never visited); scopes are collected
on demand, for the functions an analysis actually reaches.
"""

from __future__ import annotations

from typing import Iterator, Sequence

import libcst as cst

from zerograd_lint.analysis.roles import Resolver, Scope, collect

Container = cst.CSTNode  # a cst.Module or a cst.FunctionDef


def suites(statement: cst.CSTNode) -> Iterator[Sequence[cst.CSTNode]]:
    """The statement bodies directly inside a compound statement."""
    if isinstance(statement, cst.If):
        yield statement.body.body
        if statement.orelse is not None:
            yield [statement.orelse] if isinstance(statement.orelse, cst.If) else statement.orelse.body.body
    elif isinstance(statement, (cst.For, cst.While)):
        yield statement.body.body
        if statement.orelse is not None:
            yield statement.orelse.body.body
    elif isinstance(statement, cst.With):
        yield statement.body.body
    elif isinstance(statement, (cst.Try, cst.TryStar)):
        yield statement.body.body
        for handler in statement.handlers:
            yield handler.body.body
        for extra in (statement.orelse, statement.finalbody):
            if extra is not None:
                yield extra.body.body
    elif isinstance(statement, cst.Match):
        for case in statement.cases:
            yield case.body.body


class ModuleIndex:
    def __init__(self, module: cst.Module) -> None:
        self.module = module
        self.functions: list[cst.FunctionDef] = []
        self.classes: dict[str, cst.ClassDef] = {}
        self.class_of: dict[cst.FunctionDef, cst.ClassDef] = {}
        self.methods_of: dict[cst.ClassDef, dict[str, cst.FunctionDef]] = {}
        self.defs_in: dict[Container, dict[str, cst.FunctionDef]] = {}
        self.enclosing: dict[cst.FunctionDef, Container] = {}
        self._scopes: dict[Container, Scope] = {}
        self._class_scopes: dict[cst.ClassDef, Scope] = {}
        self._complete_classes: set[cst.ClassDef] = set()
        self.walk(module.body, module)

    def walk(self, body: Sequence[cst.CSTNode], parent: cst.CSTNode) -> None:
        for statement in body:
            if isinstance(statement, cst.FunctionDef):
                self.add_function(statement, parent)
                if isinstance(statement.body, cst.IndentedBlock):
                    self.walk(statement.body.body, statement)
            elif isinstance(statement, cst.ClassDef):
                self.classes.setdefault(statement.name.value, statement)
                self.methods_of.setdefault(statement, {})
                if isinstance(statement.body, cst.IndentedBlock):
                    self.walk(statement.body.body, statement)
            else:
                for suite in suites(statement):
                    self.walk(suite, parent)

    def add_function(self, function: cst.FunctionDef, parent: cst.CSTNode) -> None:
        if isinstance(parent, cst.ClassDef):
            self.class_of[function] = parent
            self.methods_of[parent][function.name.value] = function
        else:
            self.defs_in.setdefault(parent, {})[function.name.value] = function
            self.enclosing[function] = parent
            if parent in self.class_of:  # a def nested in a method sees the same `self`
                self.class_of[function] = self.class_of[parent]
        self.functions.append(function)

    @property
    def helper_names(self) -> frozenset[str]:
        return frozenset(f.name.value for f in self.functions)

    @property
    def roots(self) -> list[Container]:
        """Everything the analysis starts from: the module body and every def, in source order."""
        return [self.module, *self.functions]

    def owner_class(self, function: cst.CSTNode) -> cst.ClassDef | None:
        return self.class_of.get(function) if isinstance(function, cst.FunctionDef) else None

    def class_scope(self, cls: cst.ClassDef) -> Scope:
        """`self.x = ...` bindings from every method of the class."""
        if cls not in self._complete_classes:  # a method's own scope may have started it with its bindings only
            self._complete_classes.add(cls)
            self._class_scopes.setdefault(cls, Scope())
            for function, owner in self.class_of.items():
                if owner is cls:
                    self.scope(function)
        return self._class_scopes[cls]

    def scope(self, container: Container) -> Scope:
        if container not in self._scopes:
            owner = self.owner_class(container)
            if owner is not None:
                self._class_scopes.setdefault(owner, Scope())
            class_scope = self._class_scopes.get(owner) if owner is not None else None
            self._scopes[container] = collect(container, Scope(), class_scope, root=container)
        return self._scopes[container]

    def resolver_for(self, container: Container, overlay=None, overlay_roles=None, arguments=None) -> Resolver:
        scopes: list[Scope] = []
        node: Container | None = container
        while isinstance(node, cst.FunctionDef):
            scopes.append(self.scope(node))
            node = self.enclosing.get(node)
        owner = self.owner_class(container)
        if owner is not None:
            scopes.append(self.class_scope(owner))
        scopes.append(self.scope(self.module))
        self_class = owner.name.value if owner is not None else None
        return Resolver(tuple(scopes), overlay or {}, overlay_roles or {}, arguments or {}, self_class=self_class)

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
