"""A module's functions, classes and scopes, for resolving helpers and receivers.

Functions and classes can only be statements, so they are found by walking
statement bodies alone (expressions are never visited); scopes are collected
on demand, for the functions an analysis actually reaches.
"""

from __future__ import annotations

from functools import cached_property
from typing import TYPE_CHECKING, Container as Container_, Iterator, Sequence

import libcst as cst

from zerograd_lint.analysis.ir.names import code_of, dotted_name
from zerograd_lint.analysis.ir.roles import Resolver, Scope, collect
from zerograd_lint.analysis.ir.vocabulary import TORCH_SCHEDULER_BASES

if TYPE_CHECKING:
    from zerograd_lint.analysis.project import ProjectModule

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


def statements_of(body: cst.BaseSuite) -> Sequence[cst.BaseStatement | cst.BaseSmallStatement]:
    """An indented block's statements, or a one-line suite's small statements."""
    return body.body


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
        self._returns: dict[cst.FunctionDef, tuple[cst.BaseExpression, ...]] = {}
        self._class_scopes: dict[cst.ClassDef, Scope] = {}
        self._complete_classes: set[cst.ClassDef] = set()
        self.project: ProjectModule | None = None  # this module in the project, when the analysis reads one
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
        """`self.x = ...` bindings from every method of the class (a method's own scope, collected
        first, may already have created it: every method is collected all the same)."""
        if cls not in self._complete_classes:
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
        return Resolver(tuple(scopes), overlay or {}, overlay_roles or {}, arguments or {}, self_class=self_class, same_file=SameFileView(self, container))

    @cached_property
    def scheduler_classes(self) -> frozenset[str]:
        """Classes of the file derived (directly or through each other) from a PyTorch LR scheduler."""
        bases = {name: {(dotted_name(b.value) or "").rsplit(".", 1)[-1] for b in cls.bases} for name, cls in self.classes.items()}
        found: set[str] = set()
        while True:
            grown = {name for name, names in bases.items() if names & (TORCH_SCHEDULER_BASES | found)}
            if grown == found:
                return frozenset(found)
            found = grown

    @cached_property
    def plain_classes(self) -> ClassKinds:
        """The classes (by the names this module knows them by) known to derive from no LR scheduler."""
        return ClassKinds(self, False)

    @cached_property
    def project_scheduler_classes(self) -> ClassKinds:
        """The classes this module imports from its project that derive from a PyTorch LR scheduler."""
        return ClassKinds(self, True)

    def callee(self, call: cst.Call, container: Container) -> tuple[cst.FunctionDef, bool] | None:
        """The function of the file that `call`, written in `container`, calls; and whether it is a method
        (whose `self` the call does not pass). `obj.name(...)` on another object: the file's one method of that name."""
        func = call.func
        if isinstance(func, cst.Name):
            function = self.function(container, func.value)
            return (function, False) if function is not None else None
        if not isinstance(func, cst.Attribute):
            return None
        if isinstance(func.value, cst.Name) and func.value.value == "self":
            owner = self.owner_class(container)
            method = self.method(owner, func.attr.value) if owner is not None else None
            return (method, True) if method is not None else None
        methods = self.methods_named.get(func.attr.value, ())
        return (methods[0], True) if len(methods) == 1 else None

    @cached_property
    def methods_named(self) -> dict[str, list[cst.FunctionDef]]:
        """The file's methods by name (each class's own: the last def of that name in it)."""
        found: dict[str, list[cst.FunctionDef]] = {}
        for method, cls in self.class_of.items():
            if self.methods_of[cls].get(method.name.value) is method:
                found.setdefault(method.name.value, []).append(method)
        return found

    def returned_values(self, function: cst.FunctionDef) -> tuple[cst.BaseExpression, ...]:
        """What `function` returns: the values of its `return` statements; none for a generator."""
        if function not in self._returns:
            self._returns[function] = returns_of(function)
        return self._returns[function]

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

    def ancestry(self, cls: cst.ClassDef, calls: frozenset[str], depth: int = 8) -> list[tuple[ModuleIndex, cst.ClassDef]]:
        """The class and its bases, nearest first, as far as they can be followed: bases of this file, or (when the
        file is read as part of its project) classes of the project's modules that call on `self` one of the
        methods `calls` (or derive from one that does). Python's order for single inheritance; with several
        bases, each base's line in turn (a known diamond is taken once)."""
        found: list[tuple[ModuleIndex, cst.ClassDef]] = [(self, cls)]
        for base in cls.bases if depth > 0 else ():
            dotted = dotted_name(base.value)
            if dotted is None:
                continue
            defined = self.project.project.definition(self.project, dotted) if self.project is not None else None
            if dotted in self.classes and self.classes[dotted] is not cls:
                line = self.ancestry(self.classes[dotted], calls, depth - 1)
            elif defined is not None and defined[1] is not None and defined[0].project.reaches(defined[0], defined[1], calls):
                project_class = defined[0].class_(defined[1])
                line = defined[0].index.ancestry(project_class, calls, depth - 1) if project_class is not None else []
            else:
                line = []
            found += [entry for entry in line if all(entry[1] is not seen for _, seen in found)]
        return found

    def function(self, container: Container, name: str) -> cst.FunctionDef | None:
        """A plain call `name(...)` from inside `container`: nested defs first, then the module's."""
        node: Container | None = container
        while node is not None:
            found = self.defs_in.get(node, {}).get(name)
            if found is not None:
                return found
            node = self.enclosing.get(node) if isinstance(node, cst.FunctionDef) else None
        return self.defs_in.get(self.module, {}).get(name)


class SameFileView:
    """The file's functions as seen from one place (`container`): what the functions called there return."""

    def __init__(self, index: ModuleIndex, container: Container) -> None:
        self.index = index
        self.container = container

    @property
    def scheduler_classes(self) -> Container_[str]:
        return self.index.project_scheduler_classes

    @property
    def plain_classes(self) -> Container_[str]:
        return self.index.plain_classes

    def callee(self, call: cst.Call) -> tuple[ModuleIndex, cst.FunctionDef, bool] | None:
        """The function `call` calls, in this file or imported from another module of the project; whether it
        is a method."""
        found = self.index.callee(call, self.container)
        if found is not None:
            return (self.index, *found)
        home = self.index.project
        dotted = dotted_name(call.func)
        found = home.project.function(home, dotted) if home is not None and dotted is not None else None
        return (found[0].index, found[1], False) if found is not None else None

    def returned_expressions(self, call: cst.Call) -> tuple[cst.BaseExpression, ...]:
        found = self.callee(call)
        return found[0].returned_values(found[1]) if found is not None else ()

    def returned(self, call: cst.Call, caller: Resolver) -> list[tuple[Resolver, cst.BaseExpression]]:
        found = self.callee(call)
        if found is None or not found[0].returned_values(found[1]):
            return []
        index, function, is_method = found
        parameters = [p.name.value for p in function.params.params][1 if is_method else 0 :]
        positional = [a.value for a in call.args if a.keyword is None and not a.star]
        keywords = [(a.keyword.value, a.value) for a in call.args if a.keyword is not None]
        bound = [*zip(parameters, positional), *((k, v) for k, v in keywords if k in parameters)]
        resolver = index.resolver_for(
            function, {name: caller.canonical(value) for name, value in bound}, {}, {name: (caller, value) for name, value in bound}
        )
        return [(resolver, value) for value in index.returned_values(function)]


def returns_of(function: cst.FunctionDef) -> tuple[cst.BaseExpression, ...]:
    """The values a function returns (`return None` and bare returns left out); none for a generator.

    Statements only, like the index itself: a `yield` that is not a statement of its own is missed.
    """
    values: list[cst.BaseExpression] = []
    pending: list[Sequence[cst.CSTNode]] = [statements_in(function.body)]
    while pending:
        for statement in pending.pop():
            if isinstance(statement, (cst.FunctionDef, cst.ClassDef)):
                continue
            if isinstance(statement, cst.SimpleStatementLine):
                for small in statement.body:
                    if isinstance(getattr(small, "value", None), cst.Yield):
                        return ()
                    if isinstance(small, cst.Return) and small.value is not None and code_of(small.value) != "None":
                        values.append(small.value)
            else:
                pending.extend(suites(statement))
    return tuple(values)


def statements_in(body: cst.BaseSuite) -> Sequence[cst.CSTNode]:
    return body.body if isinstance(body, cst.IndentedBlock) else [cst.SimpleStatementLine(body=body.body)]


class ClassKinds:
    """`name in kinds`: whether the class a module knows by that name derives from a PyTorch LR scheduler
    (`derived` True) or is known to derive from none (False); asked of the project name by name, only for the
    names a scheduler question meets. A class whose bases cannot be followed is in neither."""

    def __init__(self, index: ModuleIndex, derived: bool) -> None:
        self.index = index
        self.derived = derived
        self.answers: dict[str, bool] = {}

    def __contains__(self, name: object) -> bool:
        if not isinstance(name, str):
            return False
        if name not in self.answers:
            self.answers[name] = self.kind(name) is self.derived
        return self.answers[name]

    def kind(self, name: str) -> bool | None:
        index, home = self.index, self.index.project
        if name in index.classes:
            if name in index.scheduler_classes:
                return True
            return home.project.scheduler_class(home, name) if home is not None else self.plain_in_file(name)
        found = home.project.definition(home, name) if home is not None and "." not in name else None
        return home.project.scheduler_class(*found) if found is not None and found[1] is not None else None

    def plain_in_file(self, name: str, depth: int = 8) -> bool | None:
        """The file alone: a class whose every base is `object` or another such class of the file."""
        cls = self.index.classes[name]
        bases = [dotted_name(b.value) or "" for b in cls.bases]
        if depth > 0 and all(b == "object" or (b in self.index.classes and self.plain_in_file(b, depth - 1) is False) for b in bases):
            return False
        return None
