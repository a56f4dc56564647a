"""Helpers of the same file inlined at their calls: which function a call reaches, its parameters bound
to the call's arguments, and the names it binds."""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING, Sequence

import libcst as cst

from zerograd_lint.analysis.ir.conditions import ROOT_NAMING, Naming, literal_of
from zerograd_lint.analysis.ir.file_scope import for_one_file
from zerograd_lint.analysis.ir.index import ModuleIndex, statements_of, suites
from zerograd_lint.analysis.ir.names import Role, code_of, dotted_name
from zerograd_lint.analysis.ir.nodes import Node
from zerograd_lint.analysis.ir.roles import Resolver

# How many statements the inlining of another module's method at a call on its instance may build (itself and what
# it inlines): a step method with its helpers takes a few dozen; a whole trainer's `fit()` thousands.
ELSEWHERE_STATEMENTS = 400

if TYPE_CHECKING:
    from zerograd_lint.analysis.ir.builder import Context, Instance


class Inlining:
    """Mixed into `builder.Builder`, which holds the state (its `__init__`) and walks the helper's body
    (`inline_body`)."""

    def method_of_base(self, name: str, context: Context) -> cst.FunctionDef | None:
        index = self.index_of(context.function)
        owner = index.owner_class(context.function)
        for base in owner.bases if owner is not None else ():
            cls = index.classes.get(base.value.value) if isinstance(base.value, cst.Name) else None
            method = index.method(cls, name) if cls is not None else None
            if method is not None:
                return method
        return None

    def inline_callable(self, node: cst.BaseExpression, context: Context) -> list[Node]:
        """A closure handed to `step()`: a def, a lambda, or functools.partial of a def."""
        if isinstance(node, cst.Lambda):
            return self.expression(node.body, context)
        if isinstance(node, cst.Name):
            function = self.index_of(context.function).function(context.function, node.value)
            if function is not None:
                return self.inline_body(node, function, context, {}, {})
            bound = context.resolver.value_of(node)
            if bound is not None and bound is not node:
                return self.inline_callable(bound, context)
        if isinstance(node, cst.Attribute) and code_of(node.value) == "self":
            return self.inline_call(cst.Call(func=node), self.method_of_self(node.attr.value, context), context, drop_self=True)
        if isinstance(node, cst.Call) and (dotted_name(node.func) or "").endswith("partial") and node.args:
            target = node.args[0].value
            if isinstance(target, cst.Name):
                return self.inline_call(node, self.index_of(context.function).function(context.function, target.value), context, skip=1)
            if isinstance(target, cst.Attribute) and code_of(target.value) == "self":
                return self.inline_call(node, self.method_of_self(target.attr.value, context), context, drop_self=True, skip=1)
        return []

    def instance_built(self, receiver: cst.BaseExpression, context: Context) -> tuple[ModuleIndex, cst.ClassDef, cst.Call] | None:
        """`logger` of `logger.log(loss)`, bound once, outside the loop around the call, to an instance of a class of
        the file or of another module of the project built in view (`Logger(...)`, not a factory's): the class's
        module, the class and that construction; None when it is bound otherwise (by a factory, or more than once)."""
        if not isinstance(receiver, (cst.Name, cst.Attribute)):
            return None
        root = code_of(receiver).split(".")[0]
        if root in context.resolver.overlay or root in (context.loop_rebinds or ()):
            return None
        bindings = context.resolver.bindings(code_of(receiver))
        construction = bindings[0].value if len(bindings) == 1 else None
        callee = dotted_name(construction.func) if isinstance(construction, cst.Call) else None
        if callee is None or not self.names_a_followed_class(callee, context):
            return None
        classes = context.resolver.classes_built(receiver)
        if classes is None or len(classes) != 1 or callee.rsplit(".", 1)[-1] != classes[0][1].name.value:
            return None
        return (*classes[0], construction)  # type: ignore[arg-type]

    def names_a_followed_class(self, callee: str, context: Context) -> bool:
        """Whether `callee` names a class of the file, or of another module of the project whose code's words may
        matter (as `imported_function` asks of a def; not for `.grad` reads), asked of the modules' outlines before
        any is parsed whole."""
        index = self.index_of(context.function)
        if callee in index.classes:
            return True
        home = index.project
        found = home.project.definition(home, callee) if home is not None and not self.reads else None
        return found is not None and found[1] is not None and found[0].matters and isinstance(found[0].python_defs.get(found[1]), ast.ClassDef)

    def inline_on_instance(self, call: cst.Call, receiver: cst.BaseExpression, name: str, context: Context) -> list[Node] | None:
        """The method `name` of an instance (`runner.train_batch(batch)`, `instance_built`) inlined at the call, its
        `self.x` read as the caller's objects (`instance_attributes`); another module's within `ELSEWHERE_STATEMENTS`
        statements built, with what it inlines in turn, else not at all (unknown, silent, as a library's), never in
        part: a project's whole trainer (`trainer.fit()`, called by each of a hundred tests) is not copied into every
        caller. Its own module, when checked, analyses it as a root of its own. None: no such instance or method."""
        built = self.instance_built(receiver, context)
        method = built[0].method(built[1], name) if built is not None else None
        if built is None or method is None:
            return None
        self.homes.setdefault(method, built[0])
        attributes = self.instance_attributes(receiver, built, method, context)
        if attributes is None:
            return []
        if self.index_of(method) is self.index_of(context.function):
            return self.inline_call(call, method, context, drop_self=True, attributes=attributes)
        outer = self.inlining_until
        until = self.built + ELSEWHERE_STATEMENTS if outer is None else outer
        self.inlining_until = until
        try:
            nodes = self.inline_call(call, method, context, drop_self=True, attributes=attributes)
        finally:
            self.inlining_until = outer
        return nodes if self.built <= until else []

    def instance_attributes(
        self, receiver: cst.BaseExpression, built: tuple[ModuleIndex, cst.ClassDef, cst.Call], method: cst.FunctionDef, context: Context
    ) -> dict[str, str] | None:
        """What the `self.x` its class binds are in the caller: one that `__init__` sets from its parameter is the
        construction's argument (`self.optimizer` of `runner = Runner(model, opt)` is `opt`); any other is this
        instance's own (`runner.history`), not another instance's of the same class. None when the construction's
        arguments cannot be matched to the parameters (`*args`) or the method's first parameter is not `self`."""
        params = [*method.params.posonly_params, *method.params.params]
        if not params or params[0].name.value != "self":
            return None
        home, cls, construction = built
        init = home.method(cls, "__init__")
        given: dict[str, str] = {}
        if init is not None:
            if any(a.star for a in construction.args):
                return None
            names = [p.name.value for p in [*init.params.posonly_params, *init.params.params]][1:]
            given = {name: context.resolver.canonical(a.value) for name, a in zip(names, [a for a in construction.args if a.keyword is None])}
            given.update({a.keyword.value: context.resolver.canonical(a.value) for a in construction.args if a.keyword is not None})
        instance = context.resolver.canonical(receiver)
        init_scope = home.scope(init) if init is not None else None
        attributes: dict[str, str] = {}
        for owner in dict.fromkeys((cls, home.owner_class(method))):
            for key, found in home.class_scope(owner).bindings.items() if owner is not None else ():
                if key.startswith("self.") and key.count(".") == 1:
                    alias = found[0].alias if len(found) == 1 and found[0].home is init_scope else None
                    parameter = alias.value if isinstance(alias, cst.Name) else None
                    attributes[key] = given[parameter] if parameter in given else f"{instance}.{key[5:]}"
        return attributes

    def method_of_self(self, name: str, context: Context) -> cst.FunctionDef | None:
        for index, cls in context.mro:  # a subclass's override first
            method = index.methods_of.get(cls, {}).get(name)
            if method is not None:
                self.homes.setdefault(method, index)
                return method
        index = self.index_of(context.function)
        owner = index.owner_class(context.function)
        return index.method(owner, name) if owner is not None else None

    def imported_function(self, func: cst.BaseExpression, context: Context) -> cst.FunctionDef | None:
        """The function of another module of the project that `func` names (`train_step`, `engine.train_step`),
        through the imports of the module it is written in; None when that is not known."""
        home = self.index_of(context.function).project
        dotted = dotted_name(func)
        if home is None or dotted is None or self.reads:
            return None
        first = dotted.split(".")[0]
        if first == "self" or (isinstance(context.function, cst.FunctionDef) and first in locals_of(context.function)):
            return None
        found = home.project.function(home, dotted)
        if found is None:
            return None
        self.homes[found[1]] = found[0].index
        return found[1]

    def inline_call(
        self, call: cst.Call, function: cst.FunctionDef | None, context: Context, drop_self: bool = False, skip: int = 0,
        attributes: dict[str, str] | None = None,
    ) -> list[Node]:
        """Inline a helper, its parameters bound to the call's arguments (`skip` leading ones are not arguments);
        `attributes`: what the `self.x` of an instance's method are in the caller (`instance_attributes`)."""
        if function is None:
            return []
        params = function.params
        parameters = [p.name.value for p in [*params.posonly_params, *params.params]]
        if drop_self and parameters:
            parameters = parameters[1:]
        keyword_only = {p.name.value for p in params.kwonly_params}
        if attributes is None and drop_self:  # `self.f()` in an instance's method: the same instance's attributes
            attributes = {key: value for key, value in context.resolver.overlay.items() if key.startswith("self.")}
        overlay: dict[str, str] = dict(attributes or {})
        roles: dict[str, Role | None] = {}
        arguments: dict[str, tuple[Resolver, cst.BaseExpression]] = {}
        positional = [a.value for a in call.args if a.keyword is None and not a.star][skip:]
        keywords = {a.keyword.value: a.value for a in call.args if a.keyword is not None}
        bound = [*zip(parameters, positional), *((k, v) for k, v in keywords.items() if k in parameters or k in keyword_only)]
        for name, argument in bound:
            overlay[name] = context.resolver.canonical(argument)
            roles[name] = context.resolver.role(argument)
            arguments[name] = (context.resolver, argument)
        exact = not any(a.star for a in call.args)  # no *args/**kwargs: unbound parameters take their defaults
        defaults = {
            p.name.value: p.default for p in [*params.posonly_params, *params.params, *params.kwonly_params]
            if exact and p.default is not None and p.name.value not in dict(bound)
        }
        receiver = call.func.value if drop_self and isinstance(call.func, cst.Attribute) else None
        naming = self.naming_for(function, context, bound, defaults, receiver)
        return self.inline_body(call, function, context, overlay, roles, arguments, naming)

    def naming_for(self, function: cst.FunctionDef, context: Context, bound, defaults, receiver) -> Naming:
        """A helper's parameters, read as the caller's chains or literals where the helper never reassigns them."""
        local = locals_of(function)
        reassigned = assigned_in(function)
        params: dict[str, str] = {}
        constants: dict[str, str] = {}
        for name, argument in bound:
            literal = self.literal_argument(argument, context)
            if name in reassigned:
                continue
            if literal is not None:
                constants[name] = literal
            elif context.naming.chain(argument) is not None:
                params[name] = context.naming.chain(argument)
        for name, default in defaults.items():
            if name not in reassigned and literal_of(default) is not None:
                constants[name] = literal_of(default)
        all_params = [*function.params.posonly_params, *function.params.params]
        if receiver is not None and all_params and all_params[0].name.value not in reassigned:
            self_key = context.naming.chain(receiver) if not isinstance(receiver, cst.Call) else context.naming.key("self")
            if self_key is not None:
                params[all_params[0].name.value] = self_key
        around = self.enclosing_instance(function, context)
        outer = around.naming if around is not None else None
        if outer is None and self.index_of(function).enclosing.get(function) is context.stack[0]:
            outer = ROOT_NAMING
        return Naming(str(next(self.ids)), local, params, constants, outer)

    def enclosing_instance(self, function: cst.FunctionDef, context: Context) -> Instance | None:
        """The innermost inlined call of the function that defines `function` (a closure): its free names are
        that call's."""
        parent = self.index_of(function).enclosing.get(function)
        return next((instance for instance in reversed(context.instances) if instance.function is parent), None)

    @staticmethod
    def literal_argument(argument: cst.BaseExpression, context: Context) -> str | None:
        if isinstance(argument, cst.Name) and argument.value in context.naming.constants:
            return context.naming.constants[argument.value]  # a literal handed on by the caller
        return literal_of(argument)

    def loop_rebinds(self, loop: cst.For | cst.While) -> frozenset[str]:
        """The names and attributes a loop (re)binds, its target included: `model`, `self.net`, `learner`."""
        return frozenset(code_of(target) for target in bindings(loop).targets)


@for_one_file
def locals_of(function: cst.FunctionDef) -> frozenset[str]:
    """Python's locals of a function: its parameters and every name it assigns."""
    params = function.params
    names = {p.name.value for p in [*params.posonly_params, *params.params, *params.kwonly_params]}
    names |= {p.name.value for p in (params.star_arg, params.star_kwarg) if isinstance(p, cst.Param)}
    return frozenset(names) | assigned_in(function)


def assigned_in(function: cst.FunctionDef) -> frozenset[str]:
    bound = bindings(function)
    return frozenset(bound.names - bound.declared_elsewhere)


@for_one_file
def bindings(node: cst.FunctionDef | cst.For | cst.While) -> "Bindings":
    return Bindings(statements_of(node.body) if isinstance(node, cst.FunctionDef) else [node])


class Bindings:
    """What statements bind, statement by statement, not inside nested defs or classes: the targets
    assigned to (names, attributes, subscripts), the plain names among them and those of defs, classes
    and imports, and the names declared `global` or `nonlocal`."""

    def __init__(self, statements: Sequence[cst.CSTNode]) -> None:
        self.targets: list[cst.BaseExpression] = []
        self.names: set[str] = set()
        self.declared_elsewhere: set[str] = set()
        self.walk(statements)

    def walk(self, statements: Sequence[cst.CSTNode]) -> None:
        for statement in statements:
            if isinstance(statement, cst.SimpleStatementLine):
                for small in statement.body:
                    self.small(small)
            elif isinstance(statement, cst.BaseSmallStatement):
                self.small(statement)
            elif isinstance(statement, (cst.FunctionDef, cst.ClassDef)):
                self.names.add(statement.name.value)
            else:
                if isinstance(statement, cst.For):
                    self.add(statement.target)
                elif isinstance(statement, cst.With):
                    for item in statement.items:
                        if item.asname is not None:
                            self.add(item.asname.name)
                elif isinstance(statement, (cst.Try, cst.TryStar)):
                    for handler in statement.handlers:
                        if handler.name is not None:
                            self.add(handler.name.name)
                for suite in suites(statement):
                    self.walk(suite)

    def small(self, statement: cst.BaseSmallStatement) -> None:
        if isinstance(statement, cst.Assign):
            for target in statement.targets:
                self.add(target.target)
        elif isinstance(statement, (cst.AugAssign, cst.AnnAssign)):
            self.add(statement.target)
        elif isinstance(statement, (cst.Import, cst.ImportFrom)) and not isinstance(statement.names, cst.ImportStar):
            for alias in statement.names:
                bound = alias.asname.name if alias.asname is not None else alias.name
                if isinstance(bound, cst.Name):
                    self.names.add(bound.value)
        elif isinstance(statement, (cst.Global, cst.Nonlocal)):
            self.declared_elsewhere.update(item.name.value for item in statement.names)

    def add(self, target: cst.CSTNode) -> None:
        if isinstance(target, (cst.Tuple, cst.List)):
            for element in target.elements:
                self.add(element.value)
        elif isinstance(target, cst.StarredElement):
            self.add(target.value)
        elif isinstance(target, (cst.Name, cst.Attribute, cst.Subscript)):
            self.targets.append(target)
            if isinstance(target, cst.Name):
                self.names.add(target.value)

