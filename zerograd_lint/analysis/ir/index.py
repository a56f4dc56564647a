"""A module's functions, classes and scopes, for resolving helpers and receivers.

Functions and classes can only be statements, so they are found by walking
statement bodies alone (expressions are never visited); scopes are collected
on demand, for the functions an analysis actually reaches.
"""

from __future__ import annotations

import ast
import builtins
import weakref
from dataclasses import replace
from functools import cached_property, partial
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Callable, Iterator, Sequence

import libcst as cst

from zerograd_lint.analysis.code_text import words_may_matter
from zerograd_lint.analysis.ir.conditions import literal_of, strings_of
from zerograd_lint.analysis.ir.file_scope import FORGET, for_one_file
from zerograd_lint.analysis.ir.names import builds_torch_scheduler, code_of, decorated, dotted_name
from zerograd_lint.analysis.ir.roles import GROWING_METHODS, Binding, Resolver, Scope, collect
from zerograd_lint.analysis.ir.summaries import LIGHTNING_CONFIGURE
from zerograd_lint.analysis.ir.visiting import code_children, nodes_of
from zerograd_lint.analysis.ir.vocabulary import MODULE_CLASSES, PARTIALS, TORCH_OPTIMIZER_BASES, TORCH_SCHEDULER_BASES, WRAPPED_MODULE
from zerograd_lint.analysis.outline import Bound
from zerograd_lint.analysis.questions.visitor import dotted_name as python_dotted_name

if TYPE_CHECKING:
    from zerograd_lint.analysis.project import ProjectModule

Container = cst.CSTNode  # a cst.Module or a cst.FunctionDef
Built = tuple["ModuleIndex", cst.ClassDef]  # a class of the file or of a module of its project, with that module's index


def suites(statement: cst.CSTNode) -> Iterator[Sequence[cst.CSTNode]]:
    """The statement bodies directly inside a compound statement (asked of every statement the index and the builder
    walk: kinds told by `type() is`, as in `names.dotted_name`)."""
    kind = type(statement)
    if kind is cst.If:
        yield statement.body.body  # type: ignore[attr-defined]
        orelse = statement.orelse  # type: ignore[attr-defined]
        if orelse is not None:
            yield [orelse] if type(orelse) is cst.If else orelse.body.body
    elif kind is cst.For or kind is cst.While:
        yield statement.body.body  # type: ignore[attr-defined]
        if statement.orelse is not None:  # type: ignore[attr-defined]
            yield statement.orelse.body.body  # type: ignore[attr-defined]
    elif kind is cst.With:
        yield statement.body.body  # type: ignore[attr-defined]
    elif kind is cst.Try or kind is cst.TryStar:
        yield statement.body.body  # type: ignore[attr-defined]
        for handler in statement.handlers:  # type: ignore[attr-defined]
            yield handler.body.body
        for extra in (statement.orelse, statement.finalbody):  # type: ignore[attr-defined]
            if extra is not None:
                yield extra.body.body
    elif kind is cst.Match:
        for case in statement.cases:  # type: ignore[attr-defined]
            yield case.body.body


def statements_of(body: cst.BaseSuite) -> Sequence[cst.BaseStatement | cst.BaseSmallStatement]:
    """An indented block's statements, or a one-line suite's small statements."""
    return body.body


# Bases that bring no method a class's lifecycle calls could reach (`ModuleIndex.own_lineage`).
PLAIN_BASES = frozenset({"object", "ABC", "abc.ABC"})


def derived_classes(classes: Mapping[str, cst.ClassDef], bases: frozenset[str]) -> frozenset[str]:
    """The `classes` of a file derived, directly or through each other, from one named in `bases`."""
    named = {name: {(dotted_name(b.value) or "").rsplit(".", 1)[-1] for b in cls.bases} for name, cls in classes.items()}
    found: set[str] = set()
    while True:
        grown = {name for name, names in named.items() if names & (bases | found)}
        if grown == found:
            return frozenset(found)
        found = grown


class ModuleIndex:
    def __init__(self, module: cst.Module, bound: Mapping[str, Bound | None] | None = None) -> None:
        self.module = module
        # What each name the module's top level binds by a def, a class or an import stands for
        # (`outline.top_level_bindings`, from CPython's tree): a def of the module is called only where it is the last.
        self.bound: Mapping[str, Bound | None] = bound if bound is not None else {}
        self.functions: list[cst.FunctionDef] = []
        self.classes: dict[str, cst.ClassDef] = {}
        self.class_of: dict[cst.FunctionDef, cst.ClassDef] = {}
        self.methods_of: dict[cst.ClassDef, dict[str, cst.FunctionDef]] = {}
        self.defs_in: dict[Container, dict[str, cst.FunctionDef]] = {}
        # Where each def that is not a method is written (its block and its place there), and the names a container
        # defines more than once (`def closure()` in each of two loops): which of those a use runs is `reaching_def`'s.
        self.def_places: dict[cst.FunctionDef, tuple[Sequence[cst.CSTNode], int]] = {}
        self.redefined: dict[Container, set[str]] = {}
        self.enclosing: dict[cst.FunctionDef, Container] = {}
        self._scopes: dict[Container, Scope] = {}
        self._returns: dict[cst.FunctionDef, tuple[cst.BaseExpression, ...]] = {}
        self._generators: dict[cst.FunctionDef, bool] = {}
        self._class_scopes: dict[cst.ClassDef, Scope] = {}
        self._complete_classes: set[cst.ClassDef] = set()
        self._aliases: dict[cst.ClassDef, Scope] = {}
        self._init_bindings: dict[cst.FunctionDef, Scope] = {}  # see `built_in_init`
        self._home: weakref.ref[ProjectModule] | None = None  # see `project`
        self.walk(module.body, module)

    @property
    def project(self) -> ProjectModule | None:
        """This module in the project, when the analysis reads one. The project holds its modules and they their
        indexes (the facts hold the project): pointed back to weakly, no cycle keeps the trees past the facts."""
        return self._home() if self._home is not None else None

    @project.setter
    def project(self, module: ProjectModule) -> None:
        self._home = weakref.ref(module)

    def walk(self, body: Sequence[cst.CSTNode], parent: cst.CSTNode) -> None:
        for at, statement in enumerate(body):
            if type(statement) is cst.FunctionDef:
                self.add_function(statement, parent)
                if type(parent) is not cst.ClassDef:
                    self.def_places[statement] = (body, at)
                if isinstance(statement.body, cst.IndentedBlock):
                    self.walk(statement.body.body, statement)
            elif type(statement) is cst.ClassDef:
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
            defs = self.defs_in.setdefault(parent, {})
            if function.name.value in defs:
                self.redefined.setdefault(parent, set()).add(function.name.value)
            defs[function.name.value] = function
            self.enclosing[function] = parent
            if parent in self.class_of:  # a def nested in a method sees the same `self`
                self.class_of[function] = self.class_of[parent]
        self.functions.append(function)

    @cached_property
    def helper_names(self) -> frozenset[str]:
        """The names of the module's defs (made once: the index is complete when it is made)."""
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

    def aliases_of(self, cls: cst.ClassDef) -> Scope:
        """The `self.x` the class binds only to another object each (`self.optimizer = optimizer` in `__init__`):
        what its subclasses' methods see of it, so that they key `self.optimizer` as its own methods do (the rest
        of a base's bindings, read through a subclass of another module, would be asked again by every method)."""
        if cls not in self._aliases:
            bindings = self.class_scope(cls).bindings
            self._aliases[cls] = Scope({
                key: found for key, found in bindings.items() if key.startswith("self.") and all(b.alias is not None for b in found)
            })
        return self._aliases[cls]

    def built_in_init(self, cls: cst.ClassDef, key: str) -> cst.FunctionDef | None:
        """The class's `__init__` where it is the one method of the class that binds `self.x` (`key`), else None."""
        init = self.methods_of.get(cls, {}).get("__init__")
        if init is None:
            return None
        if init not in self._init_bindings:
            self._init_bindings[init] = collect(init, Scope(), None, root=init)  # its own `self.x`, apart from the class's
        bound = self.class_scope(cls).bindings.get(key, [])
        return init if bound and len(self._init_bindings[init].bindings.get(key, [])) == len(bound) else None

    def binding_reader(self, cls: cst.ClassDef, instance: Built, binding: Binding) -> Resolver:
        """The resolver of the method of `cls` that wrote `binding` of a `self.x` (its `home`), for `self` of
        `instance`'s class; the class's module's own where no method of it did."""
        for method in self.methods_of.get(cls, {}).values():
            if self.scope(method) is binding.home:
                return self.resolver_for(method, instance=instance)
        return self.resolver_for(self.module)

    def scope(self, container: Container) -> Scope:
        if container not in self._scopes:
            owner = self.owner_class(container)
            if owner is not None:
                self._class_scopes.setdefault(owner, Scope())
            class_scope = self._class_scopes.get(owner) if owner is not None else None
            self._scopes[container] = collect(container, Scope(), class_scope, root=container)
        return self._scopes[container]

    def resolver_for(
        self, container: Container, overlay=None, overlay_roles=None, arguments=None, instance: Built | None = None
    ) -> Resolver:
        """`instance`: the class of `self` where a method is checked for a subclass (a loop mixin's method run by a
        class mixing it with the base whose `__init__` sets `self.optimizer`); else `self` is of the method's class."""
        scopes: list[Scope] = []
        node: Container | None = container
        while isinstance(node, cst.FunctionDef):
            scopes.append(self.scope(node))
            node = self.enclosing.get(node)
        owner = self.owner_class(container)
        if owner is not None:  # `self.optimizer` that a base's `__init__` sets is read as the base's methods read it
            inherited = InheritedAliases(instance or (self, owner), owner)
            nearer = nearer_scopes(instance, owner) if instance is not None else []
            scopes += [*nearer, self.class_scope(owner), Scope(inherited, built_in=inherited.built_in)]  # type: ignore[arg-type]
        scopes.append(self.scope(self.module))
        self_class = owner.name.value if owner is not None else None
        return Resolver(tuple(scopes), overlay or {}, overlay_roles or {}, arguments or {}, self_class=self_class, same_file=SameFileView(self, container))

    @cached_property
    def imports(self) -> dict[str, str | None]:
        """What each name the file imports stands for, fully: `S` -> `torch.optim.lr_scheduler.StepLR` for `from
        torch.optim.lr_scheduler import StepLR as S`, `optim` -> `torch.optim`; None where imports disagree."""
        found: dict[str, str | None] = {}
        for statement in small_statements(self.module.body):
            if type(statement) not in IMPORTS or type(statement.names) is cst.ImportStar:
                continue
            for alias in statement.names:
                full = code_of(alias.name)
                if isinstance(statement, cst.ImportFrom):
                    module = "." * len(statement.relative) + (code_of(statement.module) if statement.module else "")
                    name, origin = code_of(alias.asname.name) if alias.asname else full, f"{module}.{full}"
                elif alias.asname is not None:
                    name, origin = code_of(alias.asname.name), full
                else:
                    name = origin = full.split(".", 1)[0]  # `import torch.optim` binds `torch`
                found[name] = origin if found.get(name, origin) == origin else None
        return found

    def origin(self, expression: cst.BaseExpression) -> str | None:
        """What a dotted name stands for through the file's imports (`xm.optimizer_step` ->
        `torch_xla.core.xla_model.optimizer_step` for `import torch_xla.core.xla_model as xm`); None if not imported."""
        return self.origin_of_name(dotted_name(expression) or "")

    def origin_of_name(self, dotted: str) -> str | None:
        """`origin` of a dotted name as written (`"ml.Accelerator"`)."""
        root, _, rest = dotted.partition(".")
        origin = self.imports.get(root)
        return f"{origin}.{rest}" if origin and rest else origin

    def is_torch_scheduler(self, callee: str) -> bool:
        """The one question "does calling `callee` build a PyTorch LR scheduler?" (ZG204): a class of
        `torch.optim.lr_scheduler` (not ReduceLROnPlateau), a class of the file or of the project derived from one
        (its bases followed across the project's modules), or a factory known to return one (Hugging Face's
        `get_*_schedule*`, `get_scheduler`). A class or function of the project goes by its bases or its returns; a
        name imported from outside the project and torch (timm) is not one."""
        root, _, rest = callee.partition(".")
        home = self.project
        if not rest and root in self.classes:
            # Derived from one in the file, or through bases imported from the project's other modules.
            return root in self.scheduler_classes or (home is not None and home.project.derives_from(home, root, TORCH_SCHEDULER_BASES) is True)
        if not rest and root in self.defs_in.get(self.module, {}):
            return False  # what it returns is followed instead
        found = home.project.definition(home, callee) if home is not None else None
        if found is not None and found[1] is not None:
            return found[0].project.derives_from(found[0], found[1], TORCH_SCHEDULER_BASES) is True  # a class (or factory) of the project
        if root not in self.imports:
            return builds_torch_scheduler(callee, imported=False)
        origin = self.imports[root]
        return origin is not None and builds_torch_scheduler(f"{origin}.{rest}" if rest else origin, imported=True)

    def is_torch_optimizer_class(self, callee: str) -> bool:
        """Whether `callee` names a class of the file or of the project derived from an optimizer of torch (or of a
        library the vocabulary names, `TORCH_OPTIMIZER_BASES`), its bases followed across the project's modules
        (llama-recipes' `AnyPrecisionAdamW(Optimizer)`): calling it builds a new optimizer."""
        root, _, rest = callee.partition(".")
        home = self.project
        if not rest and root in self.classes:
            return root in derived_classes(self.classes, TORCH_OPTIMIZER_BASES) or (
                home is not None and home.project.derives_from(home, root, TORCH_OPTIMIZER_BASES) is True
            )
        found = home.project.definition(home, callee) if home is not None and (rest or root in self.imports) else None
        return found is not None and found[1] is not None and found[0].project.derives_from(found[0], found[1], TORCH_OPTIMIZER_BASES) is True

    @cached_property
    def collections_written(self) -> frozenset[str]:
        """The names whose collection the module's code stores into (`TABLE[key] = value`, `del TABLE[key]`) or grows
        (`TABLE.update(...)`, `roles.GROWING_METHODS`) anywhere: a registry filled beyond its literal."""
        found: set[str] = set()
        for node in nodes_of(self.module, cst.CSTNode):
            if isinstance(node, (cst.AssignTarget, cst.AugAssign, cst.AnnAssign, cst.Del)):
                target = node.target
                if isinstance(target, cst.Subscript) and isinstance(target.value, cst.Name):
                    found.add(target.value.value)
            elif isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute) and isinstance(node.func.value, cst.Name):
                if node.func.attr.value in GROWING_METHODS:
                    found.add(node.func.value.value)
        return frozenset(found)

    @cached_property
    def scheduler_classes(self) -> frozenset[str]:
        """Classes of the file derived (directly or through each other) from a PyTorch LR scheduler."""
        return derived_classes(self.classes, TORCH_SCHEDULER_BASES)

    @cached_property
    def option_defaults(self) -> dict[str, cst.BaseExpression | None]:
        """The default of each argparse option the file declares, by its `dest`; None where declarations disagree."""
        found: dict[str, cst.BaseExpression | None] = {}
        for statement in small_statements(self.module.body):
            declared = option_declared(statement.value) if isinstance(statement, cst.Expr) else None
            if declared is not None:
                dest, default = declared
                known = found.setdefault(dest, default)
                if known is not None and (default is None or code_of(known) != code_of(default)):
                    found[dest] = None
        return found

    @cached_property
    def option_choices(self) -> dict[str, frozenset[str]]:
        """The values each argparse option the file declares with literal `choices` can hold, by its `dest`, as
        `literal_of` writes them: the choices, and the default (`None` where it has none and is not required).
        Only where every declaration of the `dest` says so, and with no keyword that changes what it holds."""
        found: dict[str, frozenset[str] | None] = {}
        for statement in small_statements(self.module.body):
            declared = option_declared(statement.value) if isinstance(statement, cst.Expr) else None
            if declared is not None:
                dest, values = declared[0], option_values(statement.value)  # type: ignore[arg-type]
                found[dest] = values if found.get(dest, values) == values else None
        return {dest: values for dest, values in found.items() if values is not None}

    def callee(self, call: cst.Call, container: Container) -> tuple[cst.FunctionDef, bool] | None:
        """The function of the file that `call`, written in `container`, calls; and whether it is a method
        (whose `self` the call does not pass). `obj.name(...)` on another object: the file's one method of that name
        (not on a name an import binds to a module, a function or a class: `utils.name(...)`)."""
        func = call.func
        if type(func) is cst.Name:
            function = self.function(container, func.value)
            return (function, False) if function is not None else None
        if not isinstance(func, cst.Attribute):
            return None
        if isinstance(func.value, cst.Name) and func.value.value == "self":
            owner = self.owner_class(container)
            method = self.method(owner, func.attr.value) if owner is not None else None
            return (method, True) if method is not None else None
        methods = self.methods_named.get(func.attr.value, ())
        if len(methods) != 1 or (isinstance(func.value, cst.Name) and self.names_code_elsewhere(func.value.value, container)):
            return None  # `trainer_utils.create_optimizer(...)`: a function of a module, not the file's method
        return methods[0], True

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

    def is_generator(self, function: cst.FunctionDef) -> bool:
        """Whether `function` yields: calling it runs none of its body, which runs as the generator is iterated."""
        if function not in self._generators:
            self._generators[function] = yields(function)
        return self._generators[function]

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

    def lineage(self, cls: cst.ClassDef) -> list[tuple[ModuleIndex, cst.ClassDef]]:
        """The class and its bases, nearest first: of this file, or (when the file is read as part of its project) of
        another module of the project whose words may matter (a mixin's `train_step`, a base's `__init__` that sets
        `self.optimizer`), in Python's order (C3: a base shared by two mixins after both)."""
        return lineage_of(self, cls, frozenset())

    def own_lineage(self, cls: cst.ClassDef) -> bool:
        """Whether each base along the class's `lineage` is a class of the file or of the project (or `object`, `ABC`): none is
        a library's, whose methods are not read (a wrapper deriving from `object`, never a subclass of torch's
        `Optimizer`, whose `zero_grad` and `state` are torch's)."""
        return all(
            dotted_name(base.value) in PLAIN_BASES or base_class_of(index, owner, base) is not None
            for index, owner in self.lineage(cls) for base in owner.bases
        )

    def is_torch_module(self, cls: cst.ClassDef) -> bool:
        """Whether a base along the class's `lineage` is torch's module class (`nn.Module`, Lightning's), not the
        project's: calling an instance runs its `forward`."""
        return any(
            (dotted_name(base.value) or "").rsplit(".", 1)[-1] in MODULE_CLASSES and base_class_of(index, owner, base) is None
            for index, owner in self.lineage(cls) for base in owner.bases
        )

    def inherited_method(self, cls: cst.ClassDef, name: str, own: bool = True) -> tuple[ModuleIndex, cst.FunctionDef] | None:
        """`self.name` on an instance of `cls` (`super().name` in its method: not `own`), with its module's index:
        the method of the first class of its `lineage` that has one."""
        method = self.methods_of.get(cls, {}).get(name) if own else None
        if method is not None:
            return self, method  # the class's own: its bases (parsed whole when of another module) are not read
        for index, owner in self.lineage(cls)[1:]:
            method = index.methods_of.get(owner, {}).get(name)
            if method is not None:
                return index, method
        return None

    def ancestry(self, cls: cst.ClassDef, calls: frozenset[str], depth: int = 8) -> list[tuple[ModuleIndex, cst.ClassDef]]:
        """The class and its bases, nearest first, as far as they can be followed: bases of this file, or (when the
        file is read as part of its project) classes of the project's modules that call on `self` one of the
        methods `calls` (or derive from one that does), in Python's order (C3, as `lineage`)."""
        lines: list[list[Built]] = []
        for base in cls.bases if depth > 0 else ():
            dotted = dotted_name(base.value)
            if dotted is None:
                continue
            defined = self.project.project.definition(self.project, dotted) if self.project is not None else None
            if dotted in self.classes and self.classes[dotted] is not cls:
                lines.append(self.ancestry(self.classes[dotted], calls, depth - 1))
            elif defined is not None and defined[1] is not None and defined[0].project.reaches(defined[0], defined[1], calls):
                project_class = defined[0].class_(defined[1])
                lines.append(defined[0].index.ancestry(project_class, calls, depth - 1) if project_class is not None else [])
        heads = [line[:1] for line in lines if line]
        return [(self, cls), *(c3_merge([*lines, [head for line in heads for head in line]]) or depth_first(lines))]

    def definition_of(self, dotted: str, container: Container) -> tuple[ModuleIndex, cst.ClassDef | cst.FunctionDef] | None:
        """The class or function `dotted`, written in `container`, names: the file's own, else (when the file is read
        as part of its project) one of another module of the project, with that module's index (a name a top-level
        def imports in its body is that import's, as Python binds it)."""
        home, within = self.project, self.top_level_name(container)
        imported_within = home is not None and within is not None and dotted.split(".")[0] in home.local_imports(within)
        own = None if imported_within else self.classes.get(dotted) or (self.function(container, dotted) if "." not in dotted else None)
        if own is not None:
            return self, own
        found = home.project.definition(home, dotted, within) if home is not None else None
        if found is None or found[1] is None or found[0] is home:
            return None
        module, name = found
        definition = module.class_(name) or module.function(name)
        return (module.index, definition) if definition is not None else None

    def names_code_elsewhere(self, name: str, container: Container) -> bool:
        """Whether `name`, read in `container`, is bound by an import alone (not a parameter or an assignment of the
        code around it) to a function, a class or a module of another module: of the project (`create_arrow_model`
        of peft's tuners, `import utils`), or of a library, whose callables are not known here (`timm`,
        `AutoModel`); not to a name another module of the project binds to an object at its top level
        (`from .nets import generator`). A star import of a project's module binds the names that module exports
        (`from nowcasting.hko.mask import *` binds its `quick_read_masks`)."""
        if name not in self.imports and not (self.project is not None and name in self.project.star_names):
            return False
        node: Container | None = container
        while isinstance(node, cst.FunctionDef):
            if name in parameter_names(node) or name in self.scope(node).bindings:
                return False
            node = self.enclosing.get(node)
        if name in self.scope(self.module).bindings:
            return False
        home = self.project
        found = home.project.definition(home, name, self.top_level_name(container), assigned=True) if home is not None else None
        if found is None or found[1] is None:
            return True  # a library's, or a module
        module, defined = found
        return module.function(defined) is not None or module.class_(defined) is not None

    def top_level_name(self, container: Container) -> str | None:
        """The name of `container` when it is a def of the module's top level (a factory whose body may import)."""
        if isinstance(container, cst.FunctionDef) and self.defs_in.get(self.module, {}).get(container.name.value) is container:
            return container.name.value
        return None

    def function(self, container: Container, name: str, use: cst.CSTNode | None = None) -> cst.FunctionDef | None:
        """A plain call `name(...)` from inside `container`: nested defs first, then the module's (where the module's
        last binding of the name is a def: not one an import rebinds, nor one of two an `if` chooses between, `bound`).
        Where a def defines the name more than once, the def that `use` (the name as written) reaches."""
        node: Container | None = container
        while type(node) is cst.FunctionDef:  # a final class: `type()` spares ABCMeta's isinstance
            found = self.defs_in.get(node, {}).get(name)
            if found is not None:
                return self.reaching_def(node, name, use) if use is not None and name in self.redefined.get(node, ()) else found
            node = self.enclosing.get(node)
        if name in self.bound and not isinstance(self.bound[name], int):
            return None
        return self.defs_in.get(self.module, {}).get(name)

    def reaching_def(self, container: cst.FunctionDef, name: str, use: cst.CSTNode) -> cst.FunctionDef | None:
        """Of the defs of `name` written in `container`, the one `use` runs: the last written before `use` in a block
        that holds it (each stage's `def closure()` in its own loop), where no other def of the name is written
        between them (one an `if` may run). None when no def is known to reach `use`."""
        defs = [f for f in self.functions if f.name.value == name and self.enclosing.get(f) is container]  # source order
        for function in reversed(defs):
            block, at = self.def_places[function]
            holder = next((k for k in range(at + 1, len(block)) if any(n is use for n in nodes_of(block[k], type(use)))), None)
            if holder is None:
                continue
            between = block[at + 1:holder + 1]
            written = {id(f) for statement in between for f in nodes_of(statement, cst.FunctionDef)}
            return None if any(id(f) in written for f in defs if f is not function) else function
        return None


def parameter_names(function: cst.FunctionDef) -> frozenset[str]:
    """Every name a def's parameters bind, `*args` and `**kwargs` too."""
    params = function.params
    stars = [p for p in (params.star_arg, params.star_kwarg) if isinstance(p, cst.Param)]
    return frozenset(p.name.value for p in (*params.posonly_params, *params.params, *params.kwonly_params, *stars))


def option_declared(call: cst.BaseExpression) -> tuple[str, cst.BaseExpression | None] | None:
    """(dest, default) of `parser.add_argument("--base-lr", "--lr", type=float, default=0.1)`: `base_lr`, `0.1`."""
    if not (isinstance(call, cst.Call) and isinstance(call.func, cst.Attribute) and call.func.attr.value == "add_argument"):
        return None
    keywords = {a.keyword.value: a.value for a in call.args if a.keyword is not None}
    flags = [text for a in call.args if a.keyword is None and isinstance(text := string_of(a.value), str)]
    dest = string_of(keywords["dest"]) if "dest" in keywords else None
    dest = dest or next((f.lstrip("-").replace("-", "_") for f in flags if f.startswith("--") or not f.startswith("-")), None)
    return (dest, keywords.get("default")) if dest else None


def option_values(call: cst.Call) -> frozenset[str] | None:
    """The values `parser.add_argument("--amp", choices=["none", "apex"], default="none")` can give its option: the
    choices and the default (argparse checks the choices of what the command line gives, not the default), or `None`
    when the option is not required and has no default; None where a keyword makes it hold anything else (`nargs`,
    `action`, `const`) or a part is not a literal."""
    keywords = {a.keyword.value: a.value for a in call.args if a.keyword is not None}
    choices = strings_of(keywords["choices"]) if "choices" in keywords else None
    if choices is None or keywords.keys() - OPTION_PLAIN_KEYWORDS:
        return None
    required = keywords.get("required")
    if "default" in keywords:
        default = literal_of(keywords["default"])
        return choices | {default} if default is not None else None
    return choices if isinstance(required, cst.Name) and required.value == "True" else choices | {"None"}


# The keywords of an option with choices that leave it holding one of them (or its default).
OPTION_PLAIN_KEYWORDS = frozenset({"choices", "default", "required", "type", "help", "metavar", "dest"})


def string_of(node: cst.BaseExpression) -> str | None:
    value = node.evaluated_value if isinstance(node, cst.SimpleString) else None
    return value if isinstance(value, str) else None


class SameFileView:
    """The file's functions as seen from one place (`container`): what the functions called there return."""

    def __init__(self, index: ModuleIndex, container: Container) -> None:
        self.index = index
        self.container = container

    def is_torch_scheduler(self, callee: str) -> bool:
        return self.index.is_torch_scheduler(callee)

    def is_torch_optimizer_class(self, callee: str) -> bool:
        return self.index.is_torch_optimizer_class(callee)

    def written_into(self, name: str) -> bool:
        return name in self.index.collections_written

    def option_default(self, dest: str) -> cst.BaseExpression | None:
        return self.index.option_defaults.get(dest)

    def parameter_default(self, name: str) -> cst.BaseExpression | None:
        """Of the function this view is of, or the nearest function around it that has the parameter (a nested
        def's free name, MultiBench's `_trainprocess` building `optimtype(...)` of `train`'s)."""
        function: Container | None = self.container
        while isinstance(function, cst.FunctionDef) and not self.index.scope(function).bindings.get(name):
            params = function.params
            found = [p for p in (*params.posonly_params, *params.params, *params.kwonly_params) if p.name.value == name]
            if found:
                return found[0].default
            function = self.index.enclosing.get(function)
        return None

    def callee(self, call: cst.Call, caller: Resolver | None = None) -> tuple[ModuleIndex, cst.FunctionDef, bool] | None:
        """The function `call` calls, in this file or imported from another module of the project; whether it
        is a method. With the `caller`'s resolver, a method of an instance it knows the class of, too."""
        known = callee_written_in(self.index, self.container, call)
        if known is not None:
            return known
        return self.method_of_instance(call, caller) if caller is not None else None

    def written_callee(self, call: cst.Call) -> tuple[ModuleIndex, cst.FunctionDef, bool] | None:
        """`callee` as the call's code and its container tell it, whoever the caller: the file's function or method,
        a base's method, another module's def, a class method of another module's class."""
        found = self.index.callee(call, self.container)
        if found is not None:
            return (self.index, *found)
        inherited = self.inherited_method(call)
        if inherited is not None:
            return (*inherited, True)
        home = self.index.project
        dotted = dotted_name(call.func)
        found = home.project.function(home, dotted, within=self.index.top_level_name(self.container)) if home is not None and dotted is not None else None
        if found is not None:
            return (found[0].index, found[1], False)
        return self.method_on_class(call)

    def imported_partial(self, name: str) -> tuple[Resolver, cst.Call] | None:
        """The `functools.partial(...)` another module of the project binds `name`, imported here, to at its top level,
        once (a config module's `make_optimizer = functools.partial(torch.optim.AdamW, lr=3e-4)`), with the resolver of
        that module's top level; None for anything else. Asked of its outline first: the module is parsed by LibCST
        only for such a partial."""
        home = self.index.project
        found = home.project.definition(home, name, self.index.top_level_name(self.container), assigned=True) if home is not None else None
        value = found[0].assigned_once.get(found[1]) if found is not None and found[1] is not None and found[0] is not home else None
        if not (isinstance(value, ast.Call) and python_dotted_name(value.func) in PARTIALS) or found[0].whole is None:  # type: ignore[union-attr]
            return None
        index = found[0].index  # type: ignore[union-attr]
        resolver = index.resolver_for(index.module)
        bindings = resolver.bindings(found[1])  # type: ignore[index, arg-type]
        bound = bindings[0].value if len(bindings) == 1 else None
        return (resolver, bound) if isinstance(bound, cst.Call) else None

    def imported_table(self, name: str) -> tuple[ModuleIndex, cst.Dict | cst.List | cst.Tuple] | None:
        """The dict, list or tuple literal another module of the project binds `name`, imported here, to at its top
        level, once (a registry of loss functions: `loss_registry = {"simple": noise_estimation_loss}`), with that
        module's index; None for anything else. Asked of its outline first, as `imported_partial`."""
        home = self.index.project
        found = home.project.definition(home, name, self.index.top_level_name(self.container), assigned=True) if home is not None else None
        value = found[0].assigned_once.get(found[1]) if found is not None and found[1] is not None and found[0] is not home else None
        if not isinstance(value, (ast.Dict, ast.List, ast.Tuple)) or found[0].whole is None:  # type: ignore[union-attr]
            return None
        index = found[0].index  # type: ignore[union-attr]
        bindings = index.resolver_for(index.module).bindings(found[1])  # type: ignore[index, arg-type]
        bound = bindings[0].value if len(bindings) == 1 else None
        return (index, bound) if isinstance(bound, (cst.Dict, cst.List, cst.Tuple)) else None

    def class_named(self, node: cst.BaseExpression) -> Built | None:
        """The class of the file or of the project that a name written here names (`TrainConfig`, imported), or, for
        the first parameter of the class method written here (`cls`), the class it is written in (its subclasses
        run it too, as a method's `self` is of its class)."""
        container, owner = self.container, self.index.owner_class(self.container)
        if isinstance(node, cst.Name) and isinstance(container, cst.FunctionDef) and owner is not None:
            first = container.params.params[0].name.value if container.params.params else None
            if node.value == first and decorated(container, "classmethod"):
                return (self.index, owner)
        dotted = dotted_name(node)
        found = self.index.definition_of(dotted, self.container) if dotted is not None else None
        return found if found is not None and isinstance(found[1], cst.ClassDef) else None  # type: ignore[return-value]

    def method_on_class(self, call: cst.Call) -> tuple[ModuleIndex, cst.FunctionDef, bool] | None:
        """`TrainConfig.default()` on a class of another module of the project: its class method, whose `cls` is the
        class the call names (a method), or its static method (a function)."""
        func = call.func
        dotted = dotted_name(func.value) if isinstance(func, cst.Attribute) else None
        definition = self.index.definition_of(dotted, self.container) if dotted is not None else None
        if definition is None or definition[0] is self.index or not isinstance(definition[1], cst.ClassDef):
            return None
        found = definition[0].inherited_method(definition[1], func.attr.value)  # type: ignore[union-attr]
        decorators = {code_of(d.decorator) for d in found[1].decorators} if found is not None else set()
        if "classmethod" in decorators:
            return (*found, True)  # type: ignore[misc]
        return (*found, False) if "staticmethod" in decorators else None  # type: ignore[misc]

    def inherited_method(self, call: cst.Call) -> tuple[ModuleIndex, cst.FunctionDef] | None:
        """`self.build_optimizer(lr)` in a method of a class whose base of another module of the project defines it:
        that base's method, with its module's index (the file's own classes are asked first, `ModuleIndex.callee`)."""
        func = call.func
        if not (isinstance(func, cst.Attribute) and isinstance(func.value, cst.Name) and func.value.value == "self"):
            return None
        owner = self.index.owner_class(self.container)
        return self.index.inherited_method(owner, func.attr.value) if owner is not None and self.index.project is not None else None

    @staticmethod
    def method_of_instance(call: cst.Call, caller: Resolver) -> tuple[ModuleIndex, cst.FunctionDef, bool] | None:
        """`model.configure_optimizers()` where the caller knows every class `model` may have been built from (of the
        file or of the project: `model = Regressor(cfg)`, imported): their method of that name, when it is one."""
        if not isinstance(call.func, cst.Attribute):
            return None
        classes = caller.classes_built(call.func.value)
        found = {home.inherited_method(cls, call.func.attr.value) for home, cls in classes or ()}
        method = found.pop() if len(found) == 1 else None
        return (method[0], method[1], True) if method is not None else None

    def init_writer(self, built: Built, key: str) -> Resolver | None:
        return init_writer(built, key)

    def configured(self) -> list[tuple[Resolver, cst.BaseExpression]]:
        owner = self.index.owner_class(self.container)
        found = self.index.inherited_method(owner, LIGHTNING_CONFIGURE) if owner is not None else None
        if found is None:
            return []
        home, method = found
        resolver = home.resolver_for(method)
        return [(resolver, value) for value in home.returned_values(method)]

    def returned_expressions(self, call: cst.Call, caller: Resolver | None = None) -> tuple[cst.BaseExpression, ...]:
        found = self.callee(call, caller)
        return found[0].returned_values(found[1]) if found is not None else ()

    def returned_aliases(self, call: cst.Call, caller: Resolver) -> tuple[cst.BaseExpression, ...]:
        """What the callee returns, a name it binds once to another name or attribute read as that one (`task:
        BaseTask = self.task; return task`: `self.task`), or to the module a data-parallel wrapper may hold
        (`self.task.module if isinstance(self.task, DDP) else self.task`: `self.task`, `unwrapped_module`)."""
        found = self.callee(call, caller)
        if found is None:
            return ()

        def aliased(value: cst.BaseExpression) -> cst.BaseExpression:
            bound = found[0].scope(found[1]).bindings.get(value.value, []) if isinstance(value, cst.Name) else []
            if len(bound) == 1 and bound[0].alias is not None:
                return bound[0].alias
            if len(bound) == 1 and bound[0].value is not None:
                return unwrapped_module(bound[0].value) or value
            return unwrapped_module(value) or value

        return tuple(aliased(value) for value in found[0].returned_values(found[1]))

    def returned(self, call: cst.Call, caller: Resolver) -> list[tuple[Resolver, cst.BaseExpression]]:
        """What the function `call` runs returns (`returned_at`), kept for each resolver asking (`RETURNED`): a
        resolver's scopes never change, so the callee's resolver made for one question answers the next (each role it
        is asked, once)."""
        key = ("returned", id(caller), self.index, self.container, call)
        if key not in RETURNED:
            found = self.callee(call, caller)
            RETURNED[key] = (caller, returned_at(*found, call, caller) if found is not None else [])
        return RETURNED[key][1]

    def constructor(self, call: cst.Call) -> tuple[ModuleIndex, cst.FunctionDef | cst.ClassDef, bool] | None:
        """What `call` runs to make its value: `callee`'s function, else a class of the file or of the project, or a
        factory of the project whose words say nothing of the lifecycle; whether a function is a method."""
        found = self.callee(call)
        if found is not None:
            return found
        dotted = dotted_name(call.func)
        definition = self.index.definition_of(dotted, self.container) if dotted is not None else None
        return (*definition, False) if definition is not None else None

    def factory_returned(self, call: cst.Call, caller: Resolver) -> list[tuple[Resolver, cst.BaseExpression]]:
        """What the function `call` runs returns (`returned_at`), a factory of the project whose words say nothing of
        the lifecycle included; empty for a class (its module is not parsed for it) or what is not known. Kept for each
        resolver asking, as `returned`."""
        key = ("factory_returned", id(caller), self.index, self.container, call)
        if key not in RETURNED:
            found = self.callee(call) or self.project_function(call)
            RETURNED[key] = (caller, returned_at(*found, call, caller) if found is not None else [])
        return RETURNED[key][1]

    def project_function(self, call: cst.Call) -> tuple[ModuleIndex, cst.FunctionDef, bool] | None:
        """The def of another module of the project that `call` runs, whatever its words."""
        home = self.index.project
        dotted = dotted_name(call.func)
        found = home.project.definition(home, dotted) if home is not None and dotted is not None else None
        if found is None or found[1] is None or found[0] is home:
            return None
        function = found[0].function(found[1])
        return (found[0].index, function, False) if function is not None else None

    def classes_built(self, call: cst.Call, caller: Resolver, depth: int) -> tuple[Built, ...] | None:
        """The classes whose instance `call` makes: the class of the file or of the project it names, or the classes
        of what a function of either returns (a factory: `create_loss_function(cfg)` returning a `DualLoss(cfg)`), or
        the class a class method's `cls(...)` is called on; None when that is not known."""
        func = call.func
        if isinstance(func, cst.Name) and func.value in caller.arguments:
            at, argument = caller.arguments[func.value]
            named = at.same_file.class_named(argument) if isinstance(at.same_file, SameFileView) else None
            if named is not None:
                return (named,)
        found = self.constructor(call)
        if found is None:
            return None
        if isinstance(found[1], cst.ClassDef):
            return ((found[0], found[1]),)
        classes = [resolver.classes_built(value, depth + 1) for resolver, value in self.factory_returned(call, caller)]
        if not classes or any(part is None for part in classes):
            return None
        return tuple(dict.fromkeys(built for part in classes for built in part or ()))


@for_one_file  # not kept by the index: its answers hold the index (a cycle keeping the file's trees)
def callee_written_in(index: ModuleIndex, container: Container, call: cst.Call) -> tuple[ModuleIndex, cst.FunctionDef, bool] | None:
    """What a call written in a container of the module runs, as far as no caller's resolver is needed
    (`SameFileView.callee`): asked again at every inlining of the function the call is in, looked up once."""
    return SameFileView(index, container).written_callee(call)


# What calls return for each resolver asking (`SameFileView.returned`, `factory_returned`), by the resolver's id, the
# module, the call's container and the call: each entry holds that resolver, so that no other is given its id. Kept
# for the file's analysis, not in the resolver's answers: the callee's resolver holds its caller (its arguments), a
# cycle that would keep the file's trees past its analysis.
RETURNED: dict[tuple[str, int, ModuleIndex, Container, cst.Call], tuple[Resolver, list[tuple[Resolver, cst.BaseExpression]]]] = {}
FORGET.append(RETURNED.clear)


def returned_at(
    index: ModuleIndex, function: cst.FunctionDef, is_method: bool, call: cst.Call, caller: Resolver
) -> list[tuple[Resolver, cst.BaseExpression]]:
    """What `function` (of the module `index`) returns when `call` runs it, each value with the function's resolver,
    its parameters bound to the call's arguments; empty when it returns nothing visible."""
    if not index.returned_values(function):
        return []
    parameters = [p.name.value for p in function.params.params]
    positional = [a.value for a in call.args if a.keyword is None and not a.star]
    keywords = [(a.keyword.value, a.value) for a in call.args if a.keyword is not None]
    bound = [*zip(parameters[1 if is_method else 0 :], positional), *((k, v) for k, v in keywords if k in parameters)]
    if is_method and parameters and isinstance(call.func, cst.Attribute):
        bound.append((parameters[0], call.func.value))  # `self` is the instance the call names
    resolver = index.resolver_for(
        function, {name: caller.canonical(value) for name, value in bound}, {}, {name: (caller, value) for name, value in bound}
    )
    return [(resolver, value) for value in index.returned_values(function)]


def returns_of(function: cst.FunctionDef) -> tuple[cst.BaseExpression, ...]:
    """The values a function returns (`return None` and bare returns left out); none for a generator. A built-in
    exception returned (`return NotImplementedError(...)`, a typo for `raise`) is left out too: no caller can use it
    as anything it is asked to be (a scheduler's `step()` on it raises)."""
    if yields(function):
        return ()
    return tuple(value for value in return_values(function) if code_of(value) != "None" and not is_builtin_exception(value))


def return_values(function: cst.FunctionDef, enters: Callable[[cst.CSTNode], bool] = lambda statement: True) -> list[cst.BaseExpression]:
    """The values the function's `return` statements give (bare returns left out; not those of the defs and classes it
    holds), looking into the compound statements `enters` allows."""
    values: list[cst.BaseExpression] = []
    pending: list[Sequence[cst.CSTNode]] = [statements_in(function.body)]
    while pending:
        for statement in pending.pop():
            if isinstance(statement, cst.SimpleStatementLine):
                values.extend(small.value for small in statement.body if isinstance(small, cst.Return) and small.value is not None)
            elif not isinstance(statement, (cst.FunctionDef, cst.ClassDef)) and enters(statement):
                pending.extend(suites(statement))
    return values


BUILTIN_EXCEPTIONS = frozenset(
    name for name, value in vars(builtins).items() if isinstance(value, type) and issubclass(value, BaseException)
)


def is_builtin_exception(value: cst.BaseExpression) -> bool:
    """`NotImplementedError(...)` or `ValueError`: a built-in exception, or its class."""
    named = value.func if isinstance(value, cst.Call) else value
    return isinstance(named, cst.Name) and named.value in BUILTIN_EXCEPTIONS


def yields(function: cst.FunctionDef) -> bool:
    """Whether a `yield` of the function's own (not of a def, lambda or class nested in it) is in its body."""
    pending: list[cst.CSTNode] = [function.body]
    while pending:
        node = pending.pop()
        if type(node) is cst.Yield:  # LibCST's node classes are final: `type()` spares ABCMeta's isinstance
            return True
        pending.extend(child for child in code_children(node) if type(child) not in OWN_SCOPES)
    return False


# LibCST's node classes are final, so `type()` tells them (an isinstance against one runs ABCMeta's `__instancecheck__`)
OWN_SCOPES = frozenset({cst.FunctionDef, cst.Lambda, cst.ClassDef})  # nodes whose `yield` is not the enclosing def's
IMPORTS = frozenset({cst.Import, cst.ImportFrom})


def small_statements(body: Sequence[cst.CSTNode]) -> Iterator[cst.BaseSmallStatement]:
    """Every simple statement of a body, in compound statements, defs and classes too."""
    for statement in body:
        if type(statement) is cst.SimpleStatementLine:
            yield from statement.body
        elif isinstance(statement, (cst.FunctionDef, cst.ClassDef)):
            yield from small_statements(statements_in(statement.body))
        else:
            for suite in suites(statement):
                yield from small_statements(suite)


def statements_in(body: cst.BaseSuite) -> Sequence[cst.CSTNode]:
    return body.body if isinstance(body, cst.IndentedBlock) else [cst.SimpleStatementLine(body=body.body)]


@for_one_file  # kept by the file's analysis, not by the index: a lineage holds its own index (no cycle)
def lineage_of(index: ModuleIndex, cls: cst.ClassDef, seen: frozenset[cst.ClassDef]) -> list[tuple[ModuleIndex, cst.ClassDef]]:
    """`ModuleIndex.lineage`, through `seen`: the classes whose lines are being followed (a cycle of bases ends)."""
    bases = [found for base in cls.bases if (found := base_class_of(index, cls, base)) is not None and found[1] not in seen | {cls}]
    lines = [lineage_of(*base, seen | {cls}) for base in bases]
    return [(index, cls), *(c3_merge([*lines, bases]) or depth_first(lines))]


def c3_merge(lines: list[list[Built]]) -> list[Built] | None:
    """Python's order of the bases' lines (C3): each next class the head of a line that is in no line's tail (a
    mixin's shared base after every class deriving from it); None where no such order exists."""
    lines = [list(line) for line in lines if line]
    merged: list[Built] = []
    while lines:
        head = next(
            (line[0] for line in lines if not any(line[0][1] is entry[1] for other in lines for entry in other[1:])), None
        )
        if head is None:
            return None
        merged.append(head)
        lines = [rest for line in lines if (rest := line[1:] if line[0][1] is head[1] else line)]
    return merged


def depth_first(lines: list[list[Built]]) -> list[Built]:
    """Each base's line in turn, a class met twice taken once (where Python would refuse the bases' order)."""
    found: list[Built] = []
    for line in lines:
        found += [entry for entry in line if all(entry[1] is not known for _, known in found)]
    return found


def base_class_of(index: ModuleIndex, owner: cst.ClassDef, base: cst.Arg) -> tuple[ModuleIndex, cst.ClassDef] | None:
    """The class of the file or of the project a base of `owner`, a class of `index`, names, with its module's index;
    None for a library's (`torch.optim.Optimizer`, `nn.Module`) or one not known. A project's base is read where its
    module's words may matter, where it (or a base of its own) calls on `self` a method `owner` defines: a template
    method of a module that says nothing of the lifecycle (`learn` looping over batches with `self.learn_batch(batch)`)
    running the override that steps, or where a method of `owner` hands its parameters on to the base's method of its
    name (`delegates_to_super`: a model handed to `training_losses` runs where the base's runs it)."""
    dotted = dotted_name(base.value)
    if dotted in index.classes:
        return index, index.classes[dotted]
    defined = index.project.project.definition(index.project, dotted) if index.project is not None and dotted else None
    if defined is None or defined[1] is None:
        return None
    home, name = defined
    methods = index.methods_of.get(owner, {})
    if home.matters or any(delegates_to_super(method, function) for method, function in methods.items()):
        project_class = home.class_(name)
    else:
        # the overrides whose words may matter: a template method running one that steps reads the base
        hooks = frozenset(method for method, function in methods.items() if def_words_may_matter(function))
        project_class = home.class_(name) if hooks and home.project.reaches(home, name, hooks) else None
    return (defined[0].index, project_class) if project_class is not None else None  # type: ignore[union-attr]


@for_one_file
def delegates_to_super(name: str, function: cst.FunctionDef) -> bool:
    """Whether a method of an instance hands its parameters on to the base's method of its own name,
    `super().name(...)` (`return super().training_losses(self._wrap_model(model), *args, **kwargs)`): what it runs is
    what that method runs. Not `__init__`: a construction runs no model, and nearly every one hands its arguments on
    so; nor a class or static method, which runs on no instance (torch's test classes' `_init_pg(cls, rank, ...)`
    setting up a process group)."""
    if name == "__init__" or decorated(function, "classmethod") or decorated(function, "staticmethod"):
        return False
    params = function.params
    stars = [param for param in (params.star_arg, params.star_kwarg) if isinstance(param, cst.Param)]
    parameters = {param.name.value for param in (*params.posonly_params, *params.params, *params.kwonly_params, *stars)} - {"self"}
    return any(
        isinstance(call.func, cst.Attribute) and call.func.attr.value == name and is_super_call(call.func.value)
        and any(isinstance(read, cst.Name) and read.value in parameters for arg in call.args for read in nodes_of(arg.value, cst.Name))
        for call in nodes_of(function.body, cst.Call)
    )


def is_super_call(node: cst.BaseExpression) -> bool:
    """`super()`, or `super(Cls, self)`."""
    return isinstance(node, cst.Call) and isinstance(node.func, cst.Name) and node.func.value == "super"


class InheritedAliases(Mapping[str, list[Binding]]):
    """The `self.x` the other classes of `self`'s class bind to another object each (`aliases_of`), nearest first, as
    one scope of a method's resolvers (a method's class's bases, or a mixin's siblings where the method is checked
    for the class mixing them): found along `self`'s class's `lineage` only when a `self.x` is first asked that the class's
    own code does not bind (a base of another module is parsed whole to be known: every class deriving from
    `nn.Module` in torch's own tree would parse `module.py` for names that are no `self.x`)."""

    def __init__(self, instance: Built, owner: cst.ClassDef) -> None:
        self.instance, self.owner = instance, owner  # `self`'s class, and the class whose method reads `self.x`

    @cached_property
    def found(self) -> dict[str, list[Binding]]:
        found: dict[str, list[Binding]] = {}
        index, cls = self.instance
        for home, base in index.lineage(cls):
            if base is self.owner:
                continue  # its own bindings are a scope of their own, before these
            for key, bindings in home.aliases_of(base).bindings.items():
                found.setdefault(key, bindings)
        return found

    def built_in(self, key: str) -> Resolver | None:
        """The resolver of the `__init__` of the nearest other class of the lineage binding `self.x` (`key`), where that
        `__init__` is the one method of its class that binds it: the base's construction read in its module's words
        (`build_scheduler` is an import of the base's module, not of the subclass's). None for any other binding."""
        return init_writer(self.instance, key, skip=self.owner)

    def __getitem__(self, key: str) -> list[Binding]:
        if not key.startswith("self."):
            raise KeyError(key)  # no base binds it: asked without reading the bases
        return self.found[key]

    def get(self, key: str, default: Any = None) -> Any:
        """`Mapping.get` without its `KeyError`: every resolver asks each name of its scopes in turn (`Resolver.bindings`),
        and most names are no `self.x`."""
        return self.found.get(key, default) if key.startswith("self.") else default

    def __iter__(self) -> Iterator[str]:
        return iter(self.found)

    def __len__(self) -> int:
        return len(self.found)


def nearer_scopes(instance: Built, owner: cst.ClassDef) -> list[Scope]:
    """The class scopes of `self`'s classes before `owner` in its lineage, where a base's method (`owner`'s) is
    checked for a subclass: the `self.x` the subclass binds are those its own methods see (align-anything's
    `SafeTrainer` binds `self.actor_model` to the DeepSpeed engine its base's `_init_train_engine` returns, which the
    inherited `ptx_step` backpropagates through and steps), each read where it was written, in its module's words."""
    index, cls = instance
    found = []
    for home, each in index.lineage(cls):
        if each is owner:
            break
        found.append(replace(home.class_scope(each), reader=partial(home.binding_reader, each, instance)))
    return found


def init_writer(instance: Built, key: str, skip: cst.ClassDef | None = None) -> Resolver | None:
    """The resolver of the `__init__` of the nearest class of the instance's lineage (but `skip`) binding `self.x`
    (`key`), where that `__init__` is the one method of its class that binds it, read in its module's words; None for
    any other binding."""
    index, cls = instance
    for home, base in index.lineage(cls):
        if base is not skip and key in home.class_scope(base).bindings:
            init = home.built_in_init(base, key)
            return home.resolver_for(init, instance=instance) if init is not None else None
    return None


@for_one_file
def def_words_may_matter(function: cst.FunctionDef) -> bool:
    """Whether the words of a def's code may matter to the lifecycle, as a def of another module is followed only
    then (`project.words_may_matter`)."""
    return words_may_matter(cst.Module(body=[function]).code)


def unwrapped_module(value: cst.BaseExpression) -> cst.BaseExpression | None:
    """`x` of `x.module if isinstance(x, DDP) else x` (or `hasattr(x, "module")`, either arm first): the module
    itself whether or not a data-parallel wrapper holds it, whose methods are the same class's. None for any other
    value (a test that does not ask about `x` may choose an unrelated submodule named `module`)."""
    if not isinstance(value, cst.IfExp):
        return None
    test, arms = value.test, (value.body, value.orelse)
    if isinstance(test, cst.UnaryOperation) and isinstance(test.operator, cst.Not):
        test, arms = test.expression, arms[::-1]
    wrapped, plain = arms
    if not (isinstance(plain, (cst.Name, cst.Attribute)) and isinstance(wrapped, cst.Attribute)):
        return None
    if wrapped.attr.value != WRAPPED_MODULE or code_of(wrapped.value) != code_of(plain):
        return None
    asks = isinstance(test, cst.Call) and dotted_name(test.func) in ("isinstance", "hasattr") and bool(test.args)
    return plain if asks and code_of(test.args[0].value) == code_of(plain) else None
