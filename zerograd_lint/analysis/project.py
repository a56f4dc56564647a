"""The project as one program: which function or class of which module a name of a module stands for.

Pure: modules come from a `Load` the caller gives (`files/project_index.py` reads them from the checked
tree), each parsed once, when a lookup first needs it: its outline (`outline.py`: the top level, def and class
bodies left out), a def or class alone when its body is asked, the whole module only when a def or class of it
is followed. A module knows only its top-level names: its defs, its classes, and what its imports bind
(`import a.b as c`, `from .a import b`, `from pkg import *` where `__all__` or the module's own names say), each
name the last binding Python runs (`outline.top_level_bindings`).
Whatever cannot be followed (an import that does not resolve, a dynamic import, two implementations of a name of
which an `if` or a `try` binds one, a star import with no `__all__`
into a module that does not define the name, a cycle, a module whose top level does not parse, a def or class
of a module that does not parse whole) is unknown: None, never a guess.
"""

from __future__ import annotations

import ast
import re
import weakref
from functools import cached_property
from typing import Callable, Union

import libcst as cst

from zerograd_lint.analysis.code_text import code_only, words_may_matter
from zerograd_lint.analysis.ir.index import ModuleIndex
from zerograd_lint.analysis.module_source import Load, ModuleSource
from zerograd_lint.analysis.outline import (
    Bound, Imported, Outline, import_froms, outline, statement_of, top_level_bindings, top_level_imports, top_level_statements,
)
from zerograd_lint.analysis.questions.visitor import dotted_name

# How many re-exports and aliases a lookup follows before it calls the name unknown.
LOOKUP_DEPTH = 8
# A `.grad` read in a def's code: followed by the `.grad` reads' analysis of a loop that calls it (ZG301).
GRAD_READ = re.compile(rb"\.grad\b")


# How many calls deep a def that hands the work to another def of its module is followed for that def's words.
WRAPPER_DEPTH = 2


class ProjectModule:
    """One module of the project: its top-level names from CPython's tree of its outline (cheap), its whole
    trees, CPython's and LibCST's, and its index only once a def or class of it is followed."""

    def __init__(self, source: ModuleSource, tree: ast.Module, project: Project, outlined: Outline | None = None) -> None:
        self.source = source
        self.tree = tree  # the outline's: every top-level statement, the bodies of `outlined.ends` left out
        self._project = weakref.ref(project)  # it holds this module (see `ModuleIndex.project`)
        self.outlined = outlined if outlined is not None else Outline(source.source)
        self.imports_within: dict[str, dict[str, Imported | None]] = {}  # see `local_imports`
        self.statements: dict[str, ast.stmt | None] = {}  # see `statement`

    @property
    def project(self) -> Project:
        project = self._project()
        assert project is not None, "a module is asked while its project is held (by the analysis, then the facts)"
        return project

    @property
    def name(self) -> str:
        return self.source.name

    @property
    def package(self) -> str:
        return self.source.package

    @cached_property
    def whole(self) -> ast.Module | None:
        """CPython's tree of the whole module; None when it does not parse."""
        return self.tree if not self.outlined.ends else self.project.parse_python(self.source.source)

    @cached_property
    def module(self) -> cst.Module:
        return self.project.parse_libcst(self.source.source)

    @cached_property
    def index(self) -> ModuleIndex:
        index = ModuleIndex(self.module, self.bound)
        index.project = self
        return index

    @cached_property
    def defined(self) -> frozenset[str]:
        """The defs and classes of its top level."""
        return frozenset(
            s.name for s in top_level_statements(self.tree.body) if isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))
        )

    @cached_property
    def bound(self) -> dict[str, Bound | None]:
        """What each name its top level binds by a def, a class or an import stands for (None: unknown, two
        bindings of which one runs on some paths only, `outline.top_level_bindings`)."""
        return top_level_bindings(self.tree.body, self.package)

    @cached_property
    def assigned_once(self) -> dict[str, ast.expr]:
        """The names its top level binds once, by a plain assignment, and no other way (no def, class, import or
        second binding), each with its value: a config module's `make_optimizer = functools.partial(AdamW, lr=3e-4)`."""
        values: dict[str, list[ast.expr | None]] = {}
        for statement in top_level_statements(self.tree.body):
            if isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.If, ast.Try)):
                continue  # a def's body binds its own names; an `if`'s and a `try`'s statements come on their own
            single = statement.targets[0] if isinstance(statement, ast.Assign) and len(statement.targets) == 1 else None
            for node in ast.walk(statement):
                if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
                    values.setdefault(node.id, []).append(statement.value if node is single else None)  # type: ignore[union-attr]
        return {
            name: found[0] for name, found in values.items() if len(found) == 1 and found[0] is not None and name not in self.bound
        }

    @cached_property
    def star_imports(self) -> tuple[str, ...]:
        return tuple(
            module for node, module in import_froms(self.tree.body, self.package) if any(alias.name == "*" for alias in node.names)
        )

    @cached_property
    def exported(self) -> frozenset[str] | None:
        """`__all__`, when the module spells it as a list or tuple of strings."""
        for statement in top_level_statements(self.tree.body):
            if isinstance(statement, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "__all__" for t in statement.targets):
                value = statement.value
                if isinstance(value, (ast.List, ast.Tuple)) and all(
                    isinstance(e, ast.Constant) and isinstance(e.value, str) for e in value.elts
                ):
                    return frozenset(e.value for e in value.elts)  # type: ignore[attr-defined]
        return None

    @cached_property
    def star_names(self) -> dict[str, str]:
        """The names its star imports are known to bind, each with the module it comes from."""
        found: dict[str, str] = {}
        for star in self.star_imports:
            target = self.project.module(star)
            if target is not None:
                names = target.exported if target.exported is not None else public_names(target)
                found.update((name, star) for name in names if name not in found)
        return found

    @cached_property
    def python_defs(self) -> dict[str, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef]:
        """Its top-level defs and classes in CPython's tree of the outline, by name (the last of a name wins, as in
        Python): their headers as written, the bodies of those at column 0 left out (`statement`)."""
        return {s.name: s for s in top_level_statements(self.tree.body) if isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))}

    @cached_property
    def lines(self) -> list[str]:
        """Its text's lines as Python counts them."""
        return self.source.source.split("\n")

    def statement(self, name: str) -> ast.stmt | None:
        """A top-level def or class whole, with its body (parsed alone where the outline left it out, once: the
        index asks of the same few defs again and again, for each name it looks up)."""
        if name not in self.statements:
            node = self.python_defs.get(name)
            end = self.outlined.ends.get(node.lineno) if node is not None else None
            self.statements[name] = node if end is None else statement_of(self.lines, node, end)  # type: ignore[arg-type]
        return self.statements[name]

    def local_imports(self, name: str) -> dict[str, Imported | None]:
        """What the imports inside a top-level def's body bind (`from models.plain import Plain as Model` in a
        factory that loads only the chosen module): Python makes each such name the def's own, so it hides the
        module's. A name imported as two things (one class per branch) or also bound otherwise is None: unknown."""
        if name not in self.imports_within:
            node = self.statement(name) if isinstance(self.python_defs.get(name), (ast.FunctionDef, ast.AsyncFunctionDef)) else None
            found: dict[str, Imported | None] = {}
            for bound, imported in top_level_imports(node.body, self.package) if node is not None else ():  # type: ignore[union-attr]
                found[bound] = imported if found.get(bound, imported) == imported else None
            stored = {target.id for target in ast.walk(node) if isinstance(target, ast.Name) and isinstance(target.ctx, ast.Store)} if found else set()
            self.imports_within[name] = {bound: None if bound in stored else imported for bound, imported in found.items()}
        return self.imports_within[name]

    def follows(self, name: str, depth: int = 0) -> bool:
        """Whether a def of the module may matter to the lifecycle, from the words of its code (only such a def is
        parsed by LibCST and followed: most of a big project's functions are not), or from those of a def of the
        module it calls by name (`train(...)` handing the work to `_train_or_test(...)`), or of another module of the
        project (an epoch's loop calling `amp_steps.direct_step(...)`), `WRAPPER_DEPTH` calls deep."""
        node = self.statement(name) if isinstance(self.python_defs.get(name), (ast.FunctionDef, ast.AsyncFunctionDef)) else None
        if node is None:
            return False
        if words_may_matter("\n".join(self.lines[node.lineno - 1 : node.end_lineno])):
            return True
        if depth >= WRAPPER_DEPTH:
            return False
        called = {dotted for c in ast.walk(node) if isinstance(c, ast.Call) and (dotted := dotted_name(c.func)) is not None} - {name}
        return any(self.follows(other, depth + 1) for other in called if other in self.python_defs) or any(
            found[0].follows(found[1], depth + 1)
            for other in called if other not in self.python_defs
            and (found := self.project.definition(self, other, name)) is not None and found[1] is not None and found[0] is not self
        )

    def reads_grads(self, name: str) -> bool:
        """Whether a top-level def's code reads a `.grad` (a gradient logger the `.grad` reads' analysis follows)."""
        node = self.statement(name) if isinstance(self.python_defs.get(name), (ast.FunctionDef, ast.AsyncFunctionDef)) else None
        text = "\n".join(self.lines[node.lineno - 1 : node.end_lineno]) if node is not None else ""
        return "grad" in text and GRAD_READ.search(code_only(text.encode("utf-8", "surrogatepass"))) is not None

    def calls_a_parameter(self, name: str) -> bool:
        """Whether a top-level def calls one of its own parameters (`step_fn(batch)` of `fit(loader, step_fn)`: a loop
        that runs the step its caller hands it), from CPython's tree of the def alone."""
        node = self.statement(name)
        if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            return False
        arguments = node.args
        parameters = {a.arg for a in [*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs]}
        return any(isinstance(call, ast.Call) and isinstance(call.func, ast.Name) and call.func.id in parameters for call in ast.walk(node))

    def returned_parameter(self, name: str) -> tuple[str, tuple[str, ...]] | None:
        """The parameter a plain top-level def (no decorator, no generator, not async) returns on every return, its last
        statement one, and never rebinds (`return info_dict` of `batch_forward(model, batch, info_dict)`), with its
        positional parameters; from CPython's tree of the def alone (see `builder.parameter_returned`, the same
        question of a def in LibCST's tree)."""
        node = self.statement(name)
        if not isinstance(node, ast.FunctionDef) or node.decorator_list or not isinstance(node.body[-1], ast.Return) or any(
            isinstance(n, (ast.Yield, ast.YieldFrom)) for n in ast.walk(node)
        ):
            return None  # a coroutine, a generator, or what a decorator makes of it
        returned = {r.value.id if isinstance(r.value, ast.Name) else None for r in ast.walk(node) if isinstance(r, ast.Return)}
        arguments = node.args
        positional = tuple(a.arg for a in [*arguments.posonlyargs, *arguments.args])
        parameter = next(iter(returned)) if len(returned) == 1 else None
        if parameter not in {*positional, *(a.arg for a in arguments.kwonlyargs)} or any(
            isinstance(n, ast.Name) and n.id == parameter and not isinstance(n.ctx, ast.Load) for n in ast.walk(node)
        ):
            return None
        return parameter, positional

    @cached_property
    def matters(self) -> bool:
        """Whether the words of the module's code may matter to the lifecycle (the methods of its classes are
        followed only then: a class's method often hands the work to its base's)."""
        return words_may_matter(self.source.source)

    def function(self, name: str) -> cst.FunctionDef | None:
        """A def of the module's top level, in LibCST's tree (made for it; none of a module that does not parse, and
        for a class the module is not parsed)."""
        if not isinstance(self.python_defs.get(name), (ast.FunctionDef, ast.AsyncFunctionDef)) or self.whole is None:
            return None
        return self.index.defs_in.get(self.index.module, {}).get(name)

    def class_(self, name: str) -> cst.ClassDef | None:
        """A class of the module's top level, in LibCST's tree (made for it; none of a module that does not parse)."""
        if not isinstance(self.python_defs.get(name), ast.ClassDef) or self.whole is None:
            return None
        return self.index.classes.get(name)

    def keeps_what_it_is_handed(self, name: str, method: str | None = None) -> bool:
        """Whether a method of the class (the one named `method`, else any) adds one of its parameters into an
        attribute of `self` (`self.sum += val * n`, `self.history.append(loss)`), or hands it to a method of an
        attribute of `self` that a class of the module keeping what it is handed defines (a metric logger's
        `self.meters[k].update(v)`): a meter handed a loss keeps it past the iteration (ZG602), a rollout buffer
        keeps the outputs it is fed (ZG104), from CPython's tree."""
        return any(
            kept_in_self(m) or hands_to_attribute(m, self.keeping_methods)
            for m in self.methods_of(name) if method is None or m.name == method
        )

    def methods_of(self, name: str) -> list[ast.FunctionDef | ast.AsyncFunctionDef]:
        """The methods a top-level class of the module defines, from CPython's tree."""
        node = self.statement(name) if isinstance(self.python_defs.get(name), ast.ClassDef) else None
        return [m for m in node.body if isinstance(m, (ast.FunctionDef, ast.AsyncFunctionDef))] if isinstance(node, ast.ClassDef) else []

    @cached_property
    def keeping_methods(self) -> frozenset[str]:
        """The names of the methods of the module's classes that add what they are handed into their instance."""
        return frozenset(
            m.name for name, node in self.python_defs.items() if isinstance(node, ast.ClassDef)
            for m in self.methods_of(name) if kept_in_self(m)
        )

    def calls_on_self(self, name: str) -> frozenset[str]:
        """The methods the class's own methods call on `self`, from CPython's tree."""
        node = self.statement(name) if isinstance(self.python_defs.get(name), ast.ClassDef) else None
        if not isinstance(node, ast.ClassDef):
            return frozenset()
        return frozenset(
            call.func.attr for call in ast.walk(node)
            if isinstance(call, ast.Call) and isinstance(call.func, ast.Attribute)
            and isinstance(call.func.value, ast.Name) and call.func.value.id == "self"
        )


# What a name stands for: a def or class of a module (its name), or the module itself (None).
Definition = tuple[ProjectModule, Union[str, None]]


class Project:
    """The modules of the checked tree, read and parsed on demand, each once."""

    def __init__(
        self, load: Load, parse_python: Callable[[str], ast.Module | None], parse_libcst: Callable[[str], cst.Module]
    ) -> None:
        self.load = load
        self.parse_python = parse_python  # None when the text does not parse
        self.parse_libcst = parse_libcst
        self.modules: dict[str, ProjectModule | None] = {}
        self.functions: dict[tuple[str, str, bool, str | None, bool], tuple[ProjectModule, cst.FunctionDef] | None] = {}  # see `function`
        self.factories: dict[tuple[str, str], bool] = {}  # see `builds_followed_class`

    def attach(self, source: ModuleSource, tree: ast.Module, index: ModuleIndex) -> ProjectModule:
        """The checked file as a module of the project, with the trees and index the analysis already made."""
        checked = ProjectModule(source, tree, self)
        checked.module, checked.index = index.module, index  # type: ignore[misc]
        index.project = checked
        self.modules[source.name] = checked
        return checked

    def module_at(self, path: str) -> ProjectModule | None:
        """The module read from the file at `path`, among those read so far."""
        return next((module for module in self.modules.values() if module is not None and module.source.path == path), None)

    def module(self, name: str) -> ProjectModule | None:
        if name not in self.modules:
            self.modules[name] = None  # a cycle back to a module being read finds it unknown
            source = self.load(name)
            outlined = outline(source.source) if source is not None else None
            tree = self.parse_python(outlined.text) if outlined is not None else None
            if source is not None and tree is None and outlined is not None and outlined.ends:
                outlined = Outline(source.source)  # an outline that does not parse: the module read whole
                tree = self.parse_python(source.source)
            if source is not None and tree is not None:
                self.modules[name] = ProjectModule(source, tree, self, outlined)
        return self.modules[name]

    def definition(self, home: ProjectModule, dotted: str, within: str | None = None, assigned: bool = False) -> Definition | None:
        """What `a.b.c`, written in `home` (in its top-level def `within`, whose own imports come first), stands for:
        a def, a class or a module of the project (`assigned`: or a name a module's top level assigns once,
        `ProjectModule.assigned_once`)."""
        first, *rest = dotted.split(".")
        local = home.local_imports(within) if within is not None else {}
        if first in local:
            imported = local[first]
            found = self.imported(imported, LOOKUP_DEPTH - 1, assigned) if imported is not None else None
        else:
            found = self.lookup(home, first, LOOKUP_DEPTH, assigned=assigned)
        for part in rest:
            if found is None or found[1] is not None:
                return None  # an attribute of a class or function: not followed
            found = self.lookup(found[0], part, LOOKUP_DEPTH, submodules=True, assigned=assigned)
        return found

    def class_named(self, dotted: str) -> str | None:
        """The class of the project an absolute dotted name stands for (`pkg.Trainer`, as an import or a test's patch
        spells it: its module's longest part that is a module of the project, then `definition` there), by the module
        defining it (`pkg.trainer.Trainer`); None for anything else."""
        parts = dotted.split(".")
        for cut in range(len(parts) - 1, 0, -1):
            module = self.module(".".join(parts[:cut]))
            if module is not None:
                found = self.definition(module, ".".join(parts[cut:]))
                break
        else:
            return None
        if found is None or found[1] is None or not isinstance(found[0].python_defs.get(found[1]), ast.ClassDef):
            return None
        return f"{found[0].name}.{found[1]}"

    def lookup(self, module: ProjectModule, name: str, depth: int, submodules: bool = False, assigned: bool = False) -> Definition | None:
        """`name` in `module`'s namespace: its own def or class (or name assigned once, `assigned`), what an import
        binds it to, a star import's."""
        if depth <= 0:
            return None
        if name in module.bound:
            bound = module.bound[name]
            if isinstance(bound, Imported):
                return self.imported(bound, depth - 1, assigned)
            return None if bound is None else (module, name)
        if assigned and name in module.assigned_once:
            return module, name
        star = module.star_names.get(name)
        if star is not None:
            target = self.module(star)
            return self.lookup(target, name, depth - 1, assigned=assigned) if target is not None else None
        if submodules:
            inner = self.module(f"{module.name}.{name}")
            return (inner, None) if inner is not None else None
        return None

    def imported(self, imported: Imported, depth: int, assigned: bool = False) -> Definition | None:
        if imported.name is None:
            module = self.module(imported.module)
            return (module, None) if module is not None else None
        source = self.module(imported.module)
        found = self.lookup(source, imported.name, depth, assigned=assigned) if source is not None else None
        if found is None:  # `from pkg import sub`: a submodule
            inner = self.module(f"{imported.module}.{imported.name}")
            return (inner, None) if inner is not None else None
        return found

    def function(
        self, home: ProjectModule, dotted: str, runs_handed: bool = False, within: str | None = None, reads: bool = False
    ) -> tuple[ProjectModule, cst.FunctionDef] | None:
        """The def of another module that `dotted`, written in `home` (in its top-level def `within`), names, if its
        words say it may matter, or (`runs_handed`: the call hands it a step that matters) if it calls one of its
        parameters, or (`reads`: asked by the `.grad` reads' analysis) if it reads a `.grad`."""
        key = (home.name, dotted, runs_handed, within, reads)
        if key not in self.functions:
            found = self.definition(home, dotted, within)
            function = None
            if found is not None and found[1] is not None and found[0] is not home and (
                found[0].follows(found[1]) or (runs_handed and found[0].calls_a_parameter(found[1]))
                or (reads and found[0].reads_grads(found[1]))
            ):
                function = found[0].function(found[1])
            self.functions[key] = (found[0], function) if found is not None and function is not None else None
        return self.functions[key]

    def derives_from(self, home: ProjectModule, name: str, bases: frozenset[str], depth: int = LOOKUP_DEPTH) -> bool | None:
        """Whether a class of a module derives from one of torch's `bases` (by their names: `TORCH_SCHEDULER_BASES`, a
        PyTorch LR scheduler; `TORCH_OPTIMIZER_BASES`, an optimizer); None when a base cannot be followed."""
        cls = home.python_defs.get(name)
        if not isinstance(cls, ast.ClassDef):
            return None
        answers: list[bool | None] = []
        for base in cls.bases:
            dotted = dotted_name(base) or ""
            if dotted.rsplit(".", 1)[-1] in bases:
                return True
            found = self.definition(home, dotted) if dotted and depth > 0 else None
            if found is not None and found[1] is not None and isinstance(found[0].python_defs.get(found[1]), ast.ClassDef):
                answers.append(self.derives_from(found[0], found[1], bases, depth - 1))
            else:
                answers.append(None if dotted != "object" else False)
        if True in answers:
            return True
        return None if None in answers else False

    def library_origin(self, home: ProjectModule, dotted: str, depth: int = LOOKUP_DEPTH) -> str | None:
        """What `a.b`, written in `home`, stands for outside the project, followed through the modules of the project
        that import it (a re-export: `from .compat import Trainer` of a module importing transformers'): the library's
        dotted name; None for a name of the project, or one no import binds."""
        first, _, rest = dotted.partition(".")
        bound = home.bound.get(first)
        if not isinstance(bound, Imported) or depth <= 0:
            return None
        source = self.module(bound.module)
        if source is None:
            origin = f"{bound.module}.{bound.name}" if bound.name is not None else bound.module
            return f"{origin}.{rest}" if rest else origin
        if bound.name is None or self.module(f"{bound.module}.{bound.name}") is not None:
            return None  # a module of the project: its attributes are the project's
        return self.library_origin(source, f"{bound.name}.{rest}" if rest else bound.name, depth - 1)

    def library_bases(self, home: ProjectModule, name: str, depth: int = LOOKUP_DEPTH) -> list[str]:
        """The library classes a class of a module derives from (their dotted names, `library_origin`), through the
        classes of the project along its bases."""
        cls = home.python_defs.get(name)
        found: list[str] = []
        for base in cls.bases if isinstance(cls, ast.ClassDef) and depth > 0 else ():
            dotted = dotted_name(base)
            origin = self.library_origin(home, dotted) if dotted else None
            defined = self.definition(home, dotted) if dotted and origin is None else None
            if origin is not None:
                found.append(origin)
            elif defined is not None and defined[1] is not None:
                found += self.library_bases(defined[0], defined[1], depth - 1)
        return found

    def builds_followed_class(self, home: ProjectModule, name: str) -> bool:
        """Whether a def of the module calls a class of the project whose words may matter (`class_matters`): a
        factory that may return an instance whose methods are followed, asked of the def parsed alone (CPython),
        before its module is parsed whole."""
        key = (home.name, name)
        if key not in self.factories:
            node = home.statement(name) if isinstance(home.python_defs.get(name), (ast.FunctionDef, ast.AsyncFunctionDef)) else None
            called = {dotted for call in ast.walk(node) if isinstance(call, ast.Call) and (dotted := dotted_name(call.func))} if node else set()
            self.factories[key] = any(
                (found := self.definition(home, dotted, within=name)) is not None and found[1] is not None
                and isinstance(found[0].python_defs.get(found[1]), ast.ClassDef) and self.class_matters(*found)
                for dotted in sorted(called)
            )
        return self.factories[key]

    def class_matters(self, home: ProjectModule, name: str, depth: int = LOOKUP_DEPTH) -> bool:
        """Whether the words of the class's module, or of a project class it derives from, may matter to the
        lifecycle (a trainer whose `train_step` is a mixin's of another module)."""
        if home.matters or home.keeps_what_it_is_handed(name):
            return True
        cls = home.python_defs.get(name)
        for base in cls.bases if isinstance(cls, ast.ClassDef) and depth > 0 else ():
            dotted = dotted_name(base)
            found = self.definition(home, dotted) if dotted else None
            if found is not None and found[1] is not None and self.class_matters(found[0], found[1], depth - 1):
                return True
        return False

    def reaches(self, home: ProjectModule, name: str, calls: frozenset[str], depth: int = LOOKUP_DEPTH) -> bool:
        """Whether a class, or a project class it derives from, calls on `self` one of the methods `calls` (from
        CPython's trees: a class is parsed by LibCST only when a subclass's method is reached from it)."""
        if not calls.isdisjoint(home.calls_on_self(name)):
            return True
        cls = home.python_defs.get(name)
        for base in cls.bases if isinstance(cls, ast.ClassDef) and depth > 0 else ():
            dotted = dotted_name(base)
            found = self.definition(home, dotted) if dotted else None
            if found is not None and found[1] is not None and self.reaches(found[0], found[1], calls, depth - 1):
                return True
        return False


def kept_in_self(method: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    """`self.x += param ...`, `self.x[k] += param`, `self.x.append(param ...)`, `getattr(self, k).append(v)` for
    `k, v in param.items()`: a value the method is handed, added into what the instance keeps."""
    handed = handed_names(method)
    for node in ast.walk(method):
        if isinstance(node, ast.AugAssign) and of_self(node.target) and reads_any(node.value, handed):
            return True
        if (
            isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in {"append", "extend"}
            and of_self(node.func.value) and any(reads_any(a, handed) for a in node.args)
        ):
            return True
    return False


def hands_to_attribute(method: ast.FunctionDef | ast.AsyncFunctionDef, keeping: frozenset[str]) -> bool:
    """`self.meters[k].update(v)`, `self.loss.update(loss)`: a value the method is handed, handed on to a method
    named in `keeping` of an attribute of `self`."""
    handed = handed_names(method)
    return any(
        isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in keeping
        and isinstance(node.func.value, (ast.Attribute, ast.Subscript)) and of_self(node.func.value)
        and any(reads_any(a, handed) for a in [*node.args, *(k.value for k in node.keywords)])
        for node in ast.walk(method)
    )


def handed_names(method: ast.FunctionDef | ast.AsyncFunctionDef) -> set[str]:
    """The parameters of a method (`self` aside; `*args` and `**kwargs` too), and the targets of its loops over
    them: the elements of what it is handed are handed too."""
    arguments = method.args
    gathering = [a for a in (arguments.vararg, arguments.kwarg) if a is not None]
    handed = {a.arg for a in [*[*arguments.posonlyargs, *arguments.args][1:], *arguments.kwonlyargs, *gathering]}
    for loop in (node for node in ast.walk(method) if isinstance(node, ast.For)):
        if reads_any(loop.iter, handed):
            handed |= {n.id for n in ast.walk(loop.target) if isinstance(n, ast.Name)}
    return handed


def of_self(target: ast.expr) -> bool:
    """`self.x`, `self.x[k]`, `getattr(self, k)`: a part of the instance."""
    while isinstance(target, (ast.Attribute, ast.Subscript)):
        target = target.value
        if isinstance(target, ast.Name):
            return target.id == "self"
    return is_getattr_of_self(target)


def reads_any(value: ast.expr, names: set[str]) -> bool:
    return any(isinstance(n, ast.Name) and n.id in names for n in ast.walk(value))


def is_getattr_of_self(node: ast.expr) -> bool:
    """`getattr(self, key)`: an attribute of `self` named by a value."""
    if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "getattr" and node.args):
        return False
    return isinstance(node.args[0], ast.Name) and node.args[0].id == "self"


def public_names(module: ProjectModule, seen: frozenset[str] = frozenset()) -> frozenset[str]:
    """What `from m import *` takes from a module with no `__all__`: the names its top level binds without a `_`:
    its defs and classes, what it imports, what its own star imports take (a package's `__init__.py` re-exporting
    its submodules'; a cycle's adds nothing)."""
    names = set(module.bound)
    for star in module.star_imports:
        target = module.project.module(star)
        if target is not None and target.name not in seen:
            names |= target.exported if target.exported is not None else public_names(target, seen | {module.name})
    return frozenset(name for name in names if not name.startswith("_"))
