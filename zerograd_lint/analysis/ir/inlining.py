"""Helpers of the same file inlined at their calls: which function a call reaches, its parameters bound
to the call's arguments, and the names it binds."""

from __future__ import annotations

import ast
from collections import Counter
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Sequence

import libcst as cst

from zerograd_lint.analysis.ir.conditions import Atom, Naming, any_of, literal_of
from zerograd_lint.analysis.ir.file_scope import for_one_file
from zerograd_lint.analysis.ir.index import (
    Built, Container, ModuleIndex, SameFileView, def_words_may_matter, returned_at, statements_of, suites,
)
from zerograd_lint.analysis.ir.names import Role, code_of, decorated, dotted_name
from zerograd_lint.analysis.ir.nodes import Block, Branch, Guard, Node
from zerograd_lint.analysis.ir.roles import Binding, Resolver, defaulted_entry, mapping_entries, rewraps
from zerograd_lint.analysis.ir.visiting import nodes_of
from zerograd_lint.analysis.ir.vocabulary import DATA_PARALLEL_WRAPPERS, MOVING_METHODS, PARTIALS, WRAPPED_MODULE

# How many statements the inlining of another module's method at a call on its instance may build (itself and what
# it inlines): a step method with its helpers takes a few dozen; a whole trainer's `fit()` thousands.
ELSEWHERE_STATEMENTS = 400

if TYPE_CHECKING:
    from zerograd_lint.analysis.ir.builder import Context, Instance

# An instance's class (with its module) and its construction, with the resolver that reads the construction's
# arguments: the caller's, or a factory's whose parameters are bound to the caller's arguments.
Construction = tuple[ModuleIndex, cst.ClassDef, cst.Call, Resolver]

# `cls` of a class method's body (its first parameter's name), and the class (with its module) it is called on.
MadeBy = tuple[str, ModuleIndex, cst.ClassDef]


@dataclass(frozen=True)
class Attributes:
    """The `self.x` of an instance's method as the caller knows them: each one's key in the caller (`keys`), and,
    for one its class sets only from a parameter of `__init__`, the construction's argument with the resolver that
    reads it (`handed`: `self.optim_wrapper` of `EpochLoop(model, loader, optim_wrapper)` is the caller's
    `optim_wrapper`, whose own construction is read there)."""

    keys: dict[str, str]
    handed: dict[str, tuple[Resolver, cst.BaseExpression]] = field(compare=False)


# The arguments a `functools.partial(f, ...)` binds before a call's own (those after `f`), with the resolver that
# reads them: that of the place the partial was written.
Partial = tuple[Resolver, Sequence[cst.Arg]]


def chosen_by_one_test(name: cst.Name, bindings: int, container: Container) -> bool:
    """Whether every binding of `name` in `container` is an assignment of its own among the statements of one arm each
    of one if/elif chain of the container's code (under `if __name__ == "__main__":` too), and `name`, the read asked
    about, is outside that chain (`if kind == "munit": trainer = MUNIT(cfg)` / `elif kind == "unit": trainer =
    UNIT(cfg)`, then the loop): one of the constructions, the same until the name is bound again."""
    body = container.body if isinstance(container, cst.Module) else statements_of(container.body)
    statements = list(reversed(body))
    while statements:
        statement = statements.pop()
        statements.extend(each for suite in reversed([*suites(statement)]) for each in reversed(suite))
        arms: list[Sequence[cst.CSTNode]] = []
        branch: cst.If | cst.Else | None = statement if type(statement) is cst.If else None  # final: no ABCMeta isinstance
        while branch is not None:
            arms.append(statements_of(branch.body))
            branch = branch.orelse if isinstance(branch, cst.If) else None
        assigning = [sum(assigns(each, name.value) for each in arm) for arm in arms]
        if sum(assigning) == bindings and set(assigning) <= {0, 1}:
            return not any(found is name for found in nodes_of(statement, cst.Name))
    return False


def assignment_reaching(name: cst.Name, container: Container) -> cst.Call | None:
    """The call whose value the read `name` has where the name is bound more than once in `container`: that of the
    last statement binding the name before the read in a block that holds the read, where that statement is `name =
    <call>` and nothing else binds the name between them, the statement holding the read included (a loop that
    rebinds it after the read). A script's `for exp in configs:` then `exp = Experiment(configs[exp])` and `for epoch
    in range(n): exp.train(epoch)`: the construction. None where no such statement is known."""
    for block, holder in reversed(read_places(container).get(name, ())):  # the nearest binding first
        binding = next((k for k in range(holder - 1, -1, -1) if name.value in names_bound(block[k])), None)
        if binding is None:
            continue
        between = block[binding + 1:holder + 1]
        if not assigns(block[binding], name.value) or any(name.value in names_bound(statement) for statement in between):
            return None
        return block[binding].body[0].value  # type: ignore[attr-defined]
    return None


@for_one_file
def read_places(container: Container) -> dict[cst.Name, tuple[tuple[Sequence[cst.CSTNode], int], ...]]:
    """Each name written in the code of `container` with the blocks that hold it, outermost first, and its statement's
    place in each (a nested def's names are placed at the def)."""
    places: dict[cst.Name, tuple[tuple[Sequence[cst.CSTNode], int], ...]] = {}
    body = container.body if isinstance(container, cst.Module) else statements_of(container.body)  # type: ignore[attr-defined]
    pending: list[tuple[Sequence[cst.CSTNode], tuple[tuple[Sequence[cst.CSTNode], int], ...]]] = [(body, ())]
    while pending:
        block, chain = pending.pop()
        for k, statement in enumerate(block):
            here = (*chain, (block, k))
            for name in nodes_of(statement, cst.Name):
                if len(places.get(name, ())) < len(here):  # the innermost block holding it
                    places[name] = here
            pending.extend((suite, here) for suite in suites(statement))
    return places


@for_one_file
def names_bound(statement: cst.CSTNode) -> frozenset[str]:
    """The names the statement, or one written inside it (not in a nested def or class), binds: by an assignment, a
    loop's target, a `with ... as`, an import, a def, or `:=`."""
    walruses = (walrus.target for walrus in nodes_of(statement, cst.NamedExpr))
    return frozenset(Bindings([statement]).names) | {target.value for target in walruses if isinstance(target, cst.Name)}


def assigns(statement: cst.CSTNode, name: str) -> bool:
    """Whether the statement is `name = <call>`."""
    small = statement.body[0] if isinstance(statement, cst.SimpleStatementLine) and len(statement.body) == 1 else None
    return (
        isinstance(small, cst.Assign) and len(small.targets) == 1 and isinstance(small.targets[0].target, cst.Name)
        and small.targets[0].target.value == name and isinstance(small.value, cst.Call)
    )


def construction_chosen(subject: str, cls: cst.ClassDef, position: int) -> Atom:
    """The test that the instance keyed `subject` is the construction at `position` among those it may be: an equality
    with a value no code can write, so that two such tests of one instance are decided together, and a test that the
    instance is None is false beside it; a rebinding of the name forgets it, as any test of it."""
    value = repr(f"<{cls.name.value} #{position}>")
    return Atom(f"{subject}=={value}", frozenset({subject}), "equal", subject, value)


class Inlining:
    """Mixed into `builder.Builder`, which holds the state (its `__init__`) and walks the helper's body
    (`inline_body`)."""

    def method_of_base(self, name: str, context: Context) -> cst.FunctionDef | None:
        """`super().name`: the method of a base of the class the calling method is written in."""
        index = self.index_of(context.function)
        owner = index.owner_class(context.function)
        found = index.inherited_method(owner, name, own=False) if owner is not None else None
        if found is not None:
            self.homes.setdefault(found[1], found[0])
        return found[1] if found is not None else None

    def inline_callable(self, node: cst.BaseExpression, context: Context) -> list[Node]:
        """A closure handed to `step()`: a def, a lambda, or functools.partial of a def."""
        if isinstance(node, cst.Lambda):
            return self.expression(node.body, context)
        if isinstance(node, cst.Name):
            function = self.index_of(context.function).function(context.function, node.value, node)
            if function is not None:
                return self.inline_body(node, function, context, {}, {})
            bound = context.resolver.value_of(node)
            if bound is not None and bound is not node:
                return self.inline_callable(bound, context)
        if isinstance(node, cst.Attribute) and code_of(node.value) == "self":
            return self.inline_call(cst.Call(func=node), self.method_of_self(node.attr.value, context), context, drop_self=True)
        if isinstance(node, cst.Call) and is_partial(node):
            target = node.args[0].value
            if isinstance(target, cst.Name):
                return self.inline_call(node, self.index_of(context.function).function(context.function, target.value, target), context, skip=1)
            if isinstance(target, cst.Attribute) and code_of(target.value) == "self":
                return self.inline_call(node, self.method_of_self(target.attr.value, context), context, drop_self=True, skip=1)
        if isinstance(node, cst.Call) and (factory := self.closure_factory(node, context)) is not None:
            return self.inline_call(node, factory, context.but(returns_run=factory))
        return []

    def closure_factory(self, call: cst.Call, context: Context) -> cst.FunctionDef | None:
        """The def of the file or of the project that `call` runs when it is a closure factory: its last statement
        returns a def of its own body (`def make_closure(model, x, y): def closure(): ...; return closure`), which
        sees the factory's parameters bound to the call's arguments. None for any other call."""
        func = call.func
        function = self.index_of(context.function).function(context.function, func.value, func) if isinstance(func, cst.Name) else None
        function = function or self.imported_function(func, context)
        body = function.body.body if function is not None and isinstance(function.body, cst.IndentedBlock) else ()
        last = body[-1] if body else None
        if not (isinstance(last, cst.SimpleStatementLine) and isinstance(last.body[-1], cst.Return)):
            return None
        returned = last.body[-1].value
        own = {statement.name.value for statement in body if isinstance(statement, cst.FunctionDef)}
        return function if isinstance(returned, cst.Name) and returned.value in own else None

    def instance_built(self, receiver: cst.BaseExpression, context: Context) -> list[Construction] | None:
        """`logger` of `logger.log(loss)`, bound once, outside the loop around the call, to an instance of a class of
        the file or of another module of the project: built in view (`Logger(...)`) or by a factory of either
        (`build_logger(cfg)` returning `Logger(cfg.dir)`): each construction it may be (`constructions_of`). None
        when it is bound otherwise (more than once, by a library, by a registry lookup). An instance's `self.x` that
        its class sets only from its construction's argument is that argument's instance, read where it was built
        (`self.optim_wrapper` of an `EpochLoop(model, loader, optim_wrapper)`: `Attributes.handed`). A construction
        bound to no name (`Trainer(model, opt).fit(loader)`) is its own instance, as it would be bound to one."""
        if type(receiver) is cst.Call:
            return self.constructions_of(receiver, context.resolver, 0)
        if isinstance(receiver, cst.Name) and receiver.value in context.unrolled:
            return [context.unrolled[receiver.value][0]]
        if type(receiver) is cst.Subscript:
            return self.element_built(receiver, context)
        if not isinstance(receiver, (cst.Name, cst.Attribute)):
            return None
        key = code_of(receiver)
        root = key.split(".")[0]
        elements = [b.element_of for b in context.resolver.bindings(key) if b.element_of is not None]
        if len(elements) == 1 and len(context.resolver.bindings(key)) == 1 and isinstance(receiver, cst.Name):
            # `step` of `for step in self.steps:` (the loop target rebound each iteration, the collection not)
            collection = code_of(elements[0]).split(".")[0]
            return None if collection in (context.loop_rebinds or ()) else self.element_constructions(elements[0], context.resolver)
        if root in (context.loop_rebinds or ()):
            return None
        if key in context.resolver.arguments and (isinstance(receiver, cst.Attribute) or not context.resolver.bindings(key)):
            # a parameter the helper never rebinds, or a `self.x` set from one: the caller's argument, read there
            caller, argument = context.resolver.arguments[key]
            return self.constructions_of(argument, caller, 0)
        if root in context.resolver.overlay:
            return None
        bindings = context.resolver.bindings(key)
        if not bindings and isinstance(receiver, cst.Attribute) and receiver.attr.value == WRAPPED_MODULE:
            return self.wrapped_instance(receiver.value, context.resolver)
        if self.chosen_in_view(receiver, context):
            found = [self.constructions_of(binding.value, context.resolver, 0) for binding in bindings]
            return None if None in found else [construction for part in found for construction in part or ()]
        if len(bindings) != 1 and isinstance(receiver, cst.Name) and any(self.calls_the_project(b.value, context) for b in bindings):
            # `exp = Experiment(params)` in a loop over `for exp in configs:`: the one assignment the read follows
            reaching = assignment_reaching(receiver, context.function)
            bindings = [binding for binding in bindings if reaching is not None and binding.value is reaching]
        if len(bindings) != 1:
            return None
        same = self.same_object(receiver, bindings[0], context)
        if same is not None:
            return self.instance_built(same, context)
        return self.constructions_of(bindings[0].value, self.writer(receiver, bindings[0], context), 0)

    def calls_the_project(self, value: cst.BaseExpression | None, context: Context) -> bool:
        """Whether `value` calls a class or a function of the file or of its project: a construction or a factory's."""
        callee = dotted_name(value.func) if type(value) is cst.Call else None  # type: ignore[union-attr]
        return callee is not None and self.index_of(context.function).definition_of(callee, context.function) is not None

    def element_built(self, element: cst.Subscript, context: Context) -> list[Construction] | None:
        """`meters[k]` of `meters[k].update(loss)`: an element of a mapping bound once, outside the loop around the
        call, whose construction shows every value it holds (`OrderedDict([(name, Meter(name)) for name in names])`),
        or a `defaultdict(Meter)` (its factory's construction, `defaulted_entry`), no key of which is assigned since:
        each construction its values may be. None otherwise."""
        container = element.value
        if not isinstance(container, (cst.Name, cst.Attribute)) or code_of(container).split(".")[0] in (context.loop_rebinds or ()):
            return None
        key = code_of(container)
        bindings = context.resolver.bindings(key)
        if len(bindings) != 1 or any(key in scope.items for scope in context.resolver.scopes):
            return None
        entries = mapping_entries(bindings[0].value)
        entries = [made] if entries is None and (made := defaulted_entry(bindings[0].value)) is not None else entries
        resolver = self.writer(container, bindings[0], context)
        found = [self.constructions_of(entry, resolver, 0) for entry in entries or ()]
        return [construction for part in found for construction in part or ()] if found and None not in found else None

    @staticmethod
    def writer(receiver: cst.BaseExpression, binding: Binding, context: Context) -> Resolver:
        """The resolver that reads what `binding` of `self.x` was bound to: that of the inlined call, around this
        one, of the method that bound it on the same instance (`self.task = task_cls()` in `fit`, inlined with its
        `task_cls` handed a class, read in `train` that `fit` runs); else this place's."""
        for instance in reversed(context.instances):
            if instance.resolver.scopes and instance.resolver.scopes[0] is binding.home is not None:
                same = instance.resolver.canonical(receiver) == context.resolver.canonical(receiver)
                return instance.resolver if same else context.resolver
        return context.resolver

    @staticmethod
    def same_object(receiver: cst.BaseExpression, binding: Binding, context: Context) -> cst.BaseExpression | None:
        """The attribute a local name is the one binding of: bound to it (`task_ref = self.task`) or to a getter
        returning it (`task_ref = self.get_task_ref()`, `Resolver.attribute_got`); None for anything else."""
        if not isinstance(receiver, cst.Name):
            return None
        if isinstance(binding.alias, cst.Attribute):
            return binding.alias
        got = context.resolver.attribute_got(binding.value) if isinstance(binding.value, cst.Call) else None
        return cst.Attribute(value=binding.value.func.value, attr=cst.Name(got)) if got is not None else None  # type: ignore[union-attr]

    def element_constructions(self, collection: cst.BaseExpression, resolver: Resolver) -> list[Construction] | None:
        """`step` of `for step in self.steps:`, where the collection is bound once to a list, tuple or set literal or
        a comprehension (`[TrainStep(cfg, env) for cfg in opt["steps"]]`) that nothing grows after: the constructions
        of its elements (`constructions_of`); None when one is not known."""
        key = code_of(collection) if isinstance(collection, (cst.Name, cst.Attribute)) else None
        bindings = resolver.bindings(key) if key is not None else []
        if len(bindings) != 1 or bindings[0].value is None or any(key in scope.grown for scope in resolver.scopes):
            return None
        value = bindings[0].value
        if isinstance(value, (cst.List, cst.Tuple, cst.Set)) and not any(isinstance(e, cst.StarredElement) for e in value.elements):
            elements = [e.value for e in value.elements]
        elif isinstance(value, (cst.ListComp, cst.SetComp, cst.GeneratorExp)):
            elements = [value.elt]
        else:
            return None
        found = [self.constructions_of(element, resolver, 0) for element in elements]
        return None if not found or None in found else [construction for part in found for construction in part or ()]

    @staticmethod
    def chosen_in_view(receiver: cst.BaseExpression, context: Context) -> bool:
        """Whether `receiver` is a name bound once in each arm of one if/elif chain of the code being built
        (`chosen_by_one_test`)."""
        bindings = len(context.resolver.bindings(receiver.value)) if isinstance(receiver, cst.Name) else 0
        return bindings > 1 and chosen_by_one_test(receiver, bindings, context.function)  # type: ignore[arg-type]

    def wrapped_instance(self, wrapper: cst.BaseExpression, resolver: Resolver) -> list[Construction] | None:
        """The module a data-parallel wrapper was handed, its `.module` (`model.module` of `model = DDP(Net(cfg).to(rank),
        device_ids=[rank])`, or of `model = DDP(model)` rewrapping a `model = Net(cfg)`): its constructions; None when
        the name is not bound to one such wrapper."""
        wrappers = [
            b.value for b in resolver.bindings(code_of(wrapper))
            if isinstance(b.value, cst.Call) and (dotted_name(b.value.func) or "").rsplit(".", 1)[-1] in DATA_PARALLEL_WRAPPERS
        ]
        handed = next((a.value for a in wrappers[0].args if a.keyword is None and not a.star), None) if len(wrappers) == 1 else None
        return self.constructions_of(handed, resolver, 0) if handed is not None else None

    def constructions_of(
        self, value: cst.BaseExpression | None, resolver: Resolver, depth: int, made_by: MadeBy | None = None
    ) -> list[Construction] | None:
        """The constructions `value` may evaluate to, read by `resolver`: `Runner(model, opt)` of a followed class
        (`names_a_followed_class`), or a call of a function of the file or of the project each of whose returns is
        known so (a factory, its parameters bound to the call's arguments; its return a construction, a name bound
        once to one, in turn a factory's; one per `return`), a class method of such a class among them
        (`Trainer.from_config(cfg, model, opt)` returning `cls(...)`: `made_by`, the class it is called on). None
        when one is not known."""
        if type(value) not in (cst.Call, cst.Name) or depth > 4 or not isinstance(resolver.same_file, SameFileView):
            return None
        if type(value) is cst.Name:  # `model = DDP(model)`, `model = model.to(device)`: the same one again
            bindings = [b for b in resolver.bindings(value.value) if not rewraps(b.value, value.value)]
            return self.constructions_of(bindings[0].value, resolver, depth + 1, made_by) if len(bindings) == 1 else None
        if isinstance(value.func, cst.Attribute) and value.func.attr.value in MOVING_METHODS:
            return self.constructions_of(value.func.value, resolver, depth + 1, made_by)  # `Net(cfg).to(rank)`: the same one
        callee = dotted_name(value.func)
        if callee is None:
            return None
        if made_by is not None and callee == made_by[0]:
            return [(made_by[1], made_by[2], value, resolver)]
        if isinstance(value.func, cst.Name) and value.func.value in resolver.arguments:  # `task_cls()` handed a class
            handed = self.class_handed(value.func, resolver, depth)
            return [(*handed, value, resolver)] if handed is not None else None
        if (on_class := self.class_method(value.func, resolver.same_file.index, resolver.same_file.container)) is not None:
            home, cls, method_home, method = on_class
            if decorated(method, "classmethod") and method.params.params:
                made: MadeBy | None = (method.params.params[0].name.value, home, cls)
            elif decorated(method, "staticmethod"):
                made = None  # `Trainer.build(cfg, model, opt)` returning `Trainer(...)`: its returns name their class
            else:
                return None
            returns = returned_at(method_home, method, made is not None, value, resolver)
            found = [self.constructions_of(returned, at, depth + 1, made) for at, returned in returns]
            return [construction for part in found for construction in part or ()] if found and None not in found else None
        if self.names_a_followed_class(callee, resolver.same_file.index, resolver.same_file.container) or self.handed_an_instance(
            value, resolver, depth
        ):
            classes = resolver.classes_built(value)
            named = resolver.same_file.index.definition_of(callee, resolver.same_file.container)
            if classes is None or len(classes) != 1 or named is None or classes[0][1] is not named[1]:
                return None  # the class the callee names, under whatever name it was imported (`Plain as Model`)
            return [(*classes[0], value, resolver)]
        if not self.may_build_followed_class(value, callee, resolver.same_file):
            return None
        found = [self.constructions_of(returned, at, depth + 1) for at, returned in resolver.same_file.factory_returned(value, resolver)]
        return [construction for part in found for construction in part or ()] if found and None not in found else None

    def class_handed(self, name: cst.Name, resolver: Resolver, depth: int) -> Built | None:
        """The class a parameter was handed (`fit(task_cls)` called as `trainer.fit(cls)` or `trainer.fit(TTSTask)`):
        a class of the file or of the project whose words may matter, named where the caller wrote it, or the class
        a class method the caller runs is called on (its `cls`, `SameFileView.class_named`); None otherwise."""
        caller, argument = resolver.arguments[name.value]
        if isinstance(argument, cst.Name) and argument.value in caller.arguments and depth < 4:
            return self.class_handed(argument, caller, depth + 1)
        view = caller.same_file
        named = view.class_named(argument) if isinstance(view, SameFileView) else None
        if named is None or caller.bindings(code_of(argument)):
            return None
        own = named[0] is view.index and named[1] is view.index.owner_class(view.container)  # type: ignore[union-attr]
        return named if own or self.names_a_followed_class(code_of(argument), view.index, view.container) else None  # type: ignore[union-attr]

    def handed_an_instance(self, call: cst.Call, resolver: Resolver, depth: int) -> bool:
        """Whether a construction is handed an instance whose construction is known, by a name (`EpochLoop(model,
        loader, optim_wrapper)` after `optim_wrapper = build_optim_wrapper(model, cfg)`) or built in the call
        (`Agent(SoftActorCritic(actor, critic), buffer)`): a class whose own words say nothing of the lifecycle may run
        that instance's methods, so it is followed as a class whose words matter."""
        return not self.reads and any(
            isinstance(a.value, (cst.Name, cst.Call)) and self.constructions_of(a.value, resolver, depth + 1) is not None
            for a in call.args
        )

    def may_build_followed_class(self, call: cst.Call, callee: str, view: SameFileView) -> bool:
        """Whether `call` runs a function of the file, or a def of another module of the project that calls a class
        whose words may matter (`Project.builds_followed_class`): only then is it read as a factory (a project's
        every `get_loader(cfg)` is not parsed to find out)."""
        if view.index.callee(call, view.container) is not None:
            return True
        home = view.index.project
        found = home.project.definition(home, callee) if home is not None and not self.reads else None
        return found is not None and found[1] is not None and home.project.builds_followed_class(*found)  # type: ignore[union-attr]

    def names_a_followed_class(self, callee: str, index: ModuleIndex, container: Container) -> bool:
        """Whether `callee`, written in `container`, names a class of the module `index`, or of another module of the
        project whose code's words may matter (as `imported_function` asks of a def; for `.grad` reads too: a trainer's
        method of another module that runs the backward comes before the read), asked of the modules' outlines before
        any is parsed whole."""
        home, within = index.project, index.top_level_name(container)
        if callee in index.classes and (home is None or within is None or callee not in home.local_imports(within)):
            return True
        found = home.project.definition(home, callee, within) if home is not None else None
        return (
            found is not None and found[1] is not None and isinstance(found[0].python_defs.get(found[1]), ast.ClassDef)
            and home.project.class_matters(*found)
        )

    def inline_on_instance(self, call: cst.Call, receiver: cst.BaseExpression, name: str, context: Context) -> list[Node] | None:
        """The method `name` of an instance (`runner.train_batch(batch)`, `instance_built`) inlined at the call, its
        `self.x` read as the caller's objects (`instance_attributes`); another module's within `ELSEWHERE_STATEMENTS`
        statements built, with what it inlines in turn, else not at all (unknown, silent, as a library's), never in
        part: a project's whole trainer (`trainer.fit()`, called by each of a hundred tests) is not copied into every
        caller. Its own module, when checked, analyses it as a root of its own. An instance that is one of several
        constructions is the same one at every call until its name is bound again: where a script's if/elif chooses
        among constructions that run other methods or hand them other objects (`chosen_in_view`), each is inlined as
        an arm of a choice whose test is which construction the instance is (`construction_chosen`), one atom across
        the calls, so that the paths mix no two classes; a factory's choice is followed only where each runs the same
        method with the same objects (`build(cfg)` returning a `Trainer` or a subclass of it that does not override
        the method). None: no such instance or method, or not one known method."""
        built = self.instance_built(receiver, context) or []
        found = [home.inherited_method(cls, name) for home, cls, _, _ in built]
        if not found or any(each is None for each in found):
            return None
        variants: list[tuple[cst.FunctionDef, Attributes | None]] = []  # each (method, attributes) once (unhashable)
        chosen_by: list[list[int]] = []  # the positions of the constructions that run each
        for position, (construction, (home, method)) in enumerate(zip(built, found)):  # type: ignore[misc]
            self.homes.setdefault(method, home)
            variant = (method, self.instance_attributes(receiver, construction, method, context))
            if variant not in variants:
                variants.append(variant)
                chosen_by.append([])
            chosen_by[variants.index(variant)].append(position)
        # A variant all of whose constructions are of one class runs that class's overrides of what it calls on `self`
        # (a base's `run()` calling `self._iteration(...)` of the subclass built); of several, the method's own class's.
        classes = [{(built[p][0], built[p][1]) for p in positions} for positions in chosen_by]
        instances = [next(iter(each)) if len({cls for _, cls in each}) == 1 else None for each in classes]
        subject = context.naming.chain(receiver)
        if len(variants) > 1 and (subject is None or not self.chosen_in_view(receiver, context)):
            return None  # a factory's choice (`build(name)` returning one of two classes) stays unknown
        if any(attributes is None for _, attributes in variants):
            return []
        arms = self.inline_variants(call, receiver, variants, instances, context)  # type: ignore[arg-type]
        if arms is None:
            return []
        choice = Block(tuple(arms[-1]))
        for arm, positions in reversed([*zip(arms, chosen_by)][:-1]):
            chosen = any_of([construction_chosen(subject, built[position][1], position) for position in positions])  # type: ignore[arg-type]
            choice = Block((Branch(None, Guard.OTHER, Block(tuple(arm)), choice, call, condition=chosen),))
        return list(choice.items)

    def inline_variants(
        self, call: cst.Call, receiver: cst.BaseExpression, variants: list[tuple[cst.FunctionDef, Attributes]],
        instances: list[Built | None], context: Context,
    ) -> list[list[Node]] | None:
        """Each construction's method inlined at the call (`inline_on_instance`), with the class of its instance where
        one is, those of other modules within one budget of `ELSEWHERE_STATEMENTS` together; None where they exceed it."""

        def arms() -> list[list[Node]]:
            return [
                self.inline_call(call, method, context, drop_self=True, attributes=attributes, on=receiver, instance=instance)
                for (method, attributes), instance in zip(variants, instances)
            ]

        if all(self.index_of(method) is self.index_of(context.function) for method, _ in variants):
            return arms()
        outer = self.inlining_until
        until = self.built + ELSEWHERE_STATEMENTS if outer is None else outer
        self.inlining_until = until
        try:
            inlined = arms()
        finally:
            self.inlining_until = outer
        return inlined if self.built <= until else None

    def instance_called(self, call: cst.Call, func: cst.Name | cst.Attribute, context: Context) -> list[Node] | None:
        """`trainer(images)` (or `self.loss_scaler(...)`, a project's scaler that is not its summary:
        `CallEvents.keeps_the_summary`) on an instance of a class of the file or of the project (`instance_built`): its
        `__call__`, or, for a torch module (whose `__call__` runs `forward`: DALLE2's `DecoderTrainer`), its `forward`,
        inlined as `trainer.forward(images)` is, where that method's words may matter (a trainer's forward that
        backpropagates; a model's forward is not copied into each caller). None otherwise."""
        built = self.instance_built(func, context)
        if not built:
            return None
        home, cls = built[0][0], built[0][1]
        name = "__call__" if home.inherited_method(cls, "__call__") is not None else "forward" if home.is_torch_module(cls) else None
        found = home.inherited_method(cls, name) if name is not None else None
        if found is None or not def_words_may_matter(found[1]):
            return None
        return self.inline_on_instance(call, func, name, context)  # type: ignore[arg-type]

    def instance_attributes(
        self, receiver: cst.BaseExpression, built: Construction, method: cst.FunctionDef, context: Context
    ) -> Attributes | None:
        """What the `self.x` its class binds are in the caller: one that `__init__` sets from its parameter is the
        construction's argument (`self.optimizer` of `runner = Runner(model, opt)` is `opt`, read where the
        construction is: `Attributes.handed`); any other is this instance's own (`runner.history`), not another
        instance's of the same class. None when the construction's arguments cannot be matched to the parameters
        (`*args`) or the method's first parameter is not `self`."""
        params = [*method.params.posonly_params, *method.params.params]
        if not params or params[0].name.value != "self":
            return None
        home, cls, construction, resolver = built
        init_found = home.inherited_method(cls, "__init__")
        given: dict[str, cst.BaseExpression] = {}
        built_in_call: dict[str, cst.Call] = {}
        if init_found is not None:
            if any(a.star for a in construction.args):
                return None
            names = [p.name.value for p in [*init_found[1].params.posonly_params, *init_found[1].params.params]][1:]
            passed = [*zip(names, [a.value for a in construction.args if a.keyword is None])]
            passed += [(a.keyword.value, a.value) for a in construction.args if a.keyword is not None]
            # Only an object the caller names is the caller's: one made in the construction (`Runner(model,
            # cfg.build_optimizer(model))`) and, through a factory, the factory's own (its `optimizer = AdamW(...)`)
            # are this instance's.
            given = {
                name: value for name, value in passed
                if not isinstance(value, cst.Call)
                and (resolver is context.resolver or code_of(value).split(".")[0] in resolver.overlay)
            }
            # An instance made in the construction of a class whose methods are followed is still the one whose
            # methods run (`self.policy_learner.learn(...)` of `Agent(SoftActorCritic(actor, critic), buffer)`).
            built_in_call = {
                name: value for name, value in passed
                if isinstance(value, cst.Call) and self.constructions_of(value, resolver, 1) is not None
            }
        unrolled = context.unrolled.get(receiver.value) if isinstance(receiver, cst.Name) else None
        instance = unrolled[1] if unrolled is not None else context.resolver.canonical(receiver)
        init_scope = init_found[0].scope(init_found[1]) if init_found is not None else None
        attributes = Attributes({}, {})
        for index, owner in home.lineage(cls):  # the class and its bases, the method's and `__init__`'s among them
            for key, found in index.class_scope(owner).bindings.items():
                if key.startswith("self.") and key[5:].isidentifier() and key not in attributes.keys:
                    alias = found[0].alias if len(found) == 1 and found[0].home is init_scope else None
                    parameter = alias.value if isinstance(alias, cst.Name) else None
                    if parameter in given:
                        attributes.keys[key] = resolver.canonical(given[parameter])
                        attributes.handed[key] = (resolver, given[parameter])
                    else:
                        attributes.keys[key] = f"{instance}.{key[5:]}"
                        if parameter in built_in_call:
                            attributes.handed[key] = (resolver, built_in_call[parameter])
        return attributes

    def method_of_self(self, name: str, context: Context) -> cst.FunctionDef | None:
        for index, cls in context.mro:  # a subclass's override first
            method = index.methods_of.get(cls, {}).get(name)
            if method is not None:
                self.homes.setdefault(method, index)
                return method
        index = self.index_of(context.function)
        owner = index.owner_class(context.function)
        if context.mro:  # the rest of the subclass's classes, which call none of its overrides (a mixin's sibling)
            index, owner = context.mro[0]
        found = index.inherited_method(owner, name) if owner is not None else None
        if found is not None:
            self.homes.setdefault(found[1], found[0])
        return found[1] if found is not None else None

    def chosen_from_table(self, call: cst.Call, table: cst.Subscript, context: Context) -> list[Node] | None:
        """`self.steps[task](batch)`: a call of an entry of a dict, list or tuple bound once (`self.steps =
        {"classify": self.classify_step, ...}` in `__init__`), each of whose values is a method of `self` or a def of
        the file: one of them runs, so each is inlined as an arm of a choice (as a `match`'s cases are; a missing key
        raises, so no arm is skipped). None when the table is not known so."""
        bindings = context.resolver.bindings(code_of(table.value))
        shown = bindings[0].value if len(bindings) == 1 else None
        if not isinstance(shown, (cst.Dict, cst.List, cst.Tuple)) or not shown.elements:
            return None
        arms: list[Block] = []
        for element in shown.elements:
            entry = element.value if isinstance(element, (cst.DictElement, cst.Element)) else None
            if isinstance(entry, cst.Attribute) and code_of(entry.value) == "self":
                method = self.method_of_self(entry.attr.value, context)
                nodes = self.inline_call(call, method, context, drop_self=True, on=entry.value) if method is not None else None
            elif isinstance(entry, cst.Name):
                function = self.index_of(context.function).function(context.function, entry.value)
                nodes = self.inline_call(call, function, context) if function is not None else None
            else:
                nodes = None
            if nodes is None:
                return None
            arms.append(Block(tuple(nodes)))
        choice = arms[-1]
        for arm in reversed(arms[:-1]):
            choice = Block((Branch(None, Guard.OTHER, arm, choice, call),))
        return list(choice.items)

    def method_of_class(self, func: cst.BaseExpression, context: Context) -> tuple[cst.FunctionDef, bool] | None:
        """`Steps.train_step` of `Steps.train_step(model, opt, batch)`: a method of a class of the file or of the
        project called on the class, with whether the call passes its first parameter (a static method's and an
        explicit `Base.train_step(self, batch)`'s, not a class method's `cls`)."""
        found = self.class_method(func, self.index_of(context.function), context.function)
        if found is None:
            return None
        _, _, home, method = found
        self.homes.setdefault(method, home)
        return method, decorated(method, "classmethod")

    def class_method(
        self, func: cst.BaseExpression, index: ModuleIndex, container: Container
    ) -> tuple[ModuleIndex, cst.ClassDef, ModuleIndex, cst.FunctionDef] | None:
        """`Steps` and its method `train_step` (each with its module's index) that `Steps.train_step`, written in
        `container` of the module `index`, names: a class of the file or of the project, its method along its
        lineage."""
        dotted = dotted_name(func.value) if isinstance(func, cst.Attribute) else None
        if dotted is None or not self.names_a_followed_class(dotted, index, container):
            return None
        definition = index.definition_of(dotted, container)
        if definition is None or not isinstance(definition[1], cst.ClassDef):
            return None
        found = definition[0].inherited_method(definition[1], func.attr.value)  # type: ignore[union-attr]
        return (definition[0], definition[1], *found) if found is not None else None

    def function_passed(self, func: cst.Name, context: Context) -> cst.FunctionDef | None:
        """`step_fn` of `step_fn(batch)` in a function whose caller handed it a def by its name (`run(loader,
        step_fn=train_step)`): that def, of the caller's file or imported there (not a method: what its `self` is
        would not be known)."""
        caller, argument = context.resolver.arguments.get(func.value, (None, None))
        if not isinstance(argument, (cst.Name, cst.Attribute)) or not isinstance(caller.same_file, SameFileView):  # type: ignore[union-attr]
            return None
        found = caller.same_file.callee(cst.Call(func=argument))  # type: ignore[union-attr]
        if found is None or found[2]:
            return None
        self.homes.setdefault(found[1], found[0])
        return found[1]

    def runner_of(self, call: cst.Call, context: Context) -> cst.FunctionDef | None:
        """`loops.fit(loader, epochs, step)`: a def of another module whose words say nothing of the lifecycle (a loop
        over the data), followed when the call hands it a step (`hands_a_step`) and it calls one of its parameters.
        The callee is asked first: `imported_function` has read its modules already, the arguments' may be many."""
        home = self.index_of(context.function).project
        dotted = dotted_name(call.func)
        found = home.project.definition(home, dotted) if home is not None and dotted is not None and not self.reads else None
        if found is None or found[1] is None or found[0] is home or not self.hands_a_step(call, context):
            return None
        return self.imported_function(call.func, context, runs_handed=True)

    def hands_a_step(self, call: cst.Call, context: Context) -> bool:
        """Whether `call` hands a def whose words may matter (`def_words_may_matter`; a closure's, those of the
        top-level def it is written in), by its name or bound with `functools.partial`: `fit(loader, epochs,
        partial(train_step, optimizer=opt))`, `gpu_timer(train_step)`."""
        for argument in call.args:
            found = partial_bound(context.resolver, argument.value, 0)
            at, named = (found[0], found[1].args[0].value) if found is not None else (context.resolver, argument.value)
            if not isinstance(named, (cst.Name, cst.Attribute)) or not isinstance(at.same_file, SameFileView):
                continue
            callee = at.same_file.callee(cst.Call(func=named))
            if callee is None or callee[2]:
                continue
            index, outermost = callee[0], callee[1]
            while isinstance(index.enclosing.get(outermost), cst.FunctionDef):
                outermost = index.enclosing[outermost]  # type: ignore[assignment]
            if def_words_may_matter(outermost):
                return True
        return False

    def partial_called(self, func: cst.Name, context: Context) -> tuple[cst.FunctionDef, Partial] | None:
        """`step` of `step(batch)` bound to `functools.partial(train_step, optimizer=opt)`, in the function itself or by
        its caller (handed in, itself or a name bound once to one: `fit(loader, step_fn=step)`): the def it binds, of
        the file the partial is written in or imported there (not a method: what its `self` is would not be known),
        and the partial's arguments, read there."""
        found = partial_bound(context.resolver, func, 0)
        if found is None:
            return None
        at, made = found
        if not isinstance(at.same_file, SameFileView):
            return None
        callee = at.same_file.callee(cst.Call(func=made.args[0].value))
        if callee is None or callee[2]:
            return None
        self.homes.setdefault(callee[1], callee[0])
        return callee[1], (at, made.args[1:])

    def imported_function(self, func: cst.BaseExpression, context: Context, runs_handed: bool = False) -> cst.FunctionDef | None:
        """The function of another module of the project that `func` names (`train_step`, `engine.train_step`),
        through the imports of the module it is written in; None when that is not known. `runs_handed`: the call
        hands it a step (`hands_a_step`), so a def that calls a parameter is followed whatever its words."""
        index = self.index_of(context.function)
        home, dotted = index.project, dotted_name(func)
        if home is None or dotted is None:
            return None
        first = dotted.split(".")[0]
        # A name the def imports in its own body (`from engine import train_step` in `main`) is that import's.
        within = index.top_level_name(context.function)
        if within is not None and first not in home.local_imports(within):
            within = None
        if first == "self" or (isinstance(context.function, cst.FunctionDef) and first in locals_of(context.function) and within is None):
            return None
        found = home.project.function(home, dotted, runs_handed, within, self.reads)
        if found is None:
            if not self.reads and home.project.function(home, dotted, within=within, reads=True) is not None:
                self.reading_roots.add(context.stack[0])  # a def of another module reading `.grad`: the reads' analysis runs it
            return None
        self.homes[found[1]] = found[0].index
        return found[1]

    def inline_call(
        self, call: cst.Call, function: cst.FunctionDef | None, context: Context, drop_self: bool = False, skip: int = 0,
        attributes: Attributes | None = None, partial: Partial | None = None, on: cst.BaseExpression | None = None,
        instance: Built | None = None,
    ) -> list[Node]:
        """Inline a helper, its parameters bound to the call's arguments (`skip` leading ones are not arguments);
        `attributes`: what the `self.x` of an instance's method are in the caller (`instance_attributes`); `partial`:
        the arguments a `functools.partial` bound before the call's, read where it was written (`partial_called`);
        `on`: the instance a method is called on where the call does not name it (`self` of `self.steps[task](batch)`);
        `instance`: the class of the instance an instance's method runs on, whose overrides its calls on `self` find."""
        if function is None or self.index_of(function).is_generator(function):
            return []  # a generator's body runs as it is iterated, not where it is called
        params = function.params
        parameters = [p.name.value for p in [*params.posonly_params, *params.params]]
        if drop_self and parameters and not decorated(function, "staticmethod"):
            parameters = parameters[1:]  # a static method called on `self` binds its arguments from its first parameter
        keyword_only = {p.name.value for p in params.kwonly_params}
        if attributes is None and drop_self:  # `self.f()` in an instance's method: the same instance's attributes
            attributes = self.attributes_of_self(context.resolver)
        overlay: dict[str, str] = dict(attributes.keys) if attributes is not None else {}
        roles: dict[str, Role | None] = {}
        arguments: dict[str, tuple[Resolver, cst.BaseExpression]] = dict(attributes.handed) if attributes is not None else {}
        earlier = [(partial[0], a) for a in partial[1]] if partial is not None else []
        given = [*earlier, *((context.resolver, a) for a in call.args)]  # each argument with the resolver that reads it
        positional = [(at, a.value) for at, a in given if a.keyword is None and not a.star][skip:]
        keywords = {a.keyword.value: (at, a.value) for at, a in given if a.keyword is not None}  # the call's last
        bound = [
            (name, at, value) for name, (at, value) in
            [*zip(parameters, positional), *((k, v) for k, v in keywords.items() if k in parameters or k in keyword_only)]
        ]
        for name, at, argument in bound:
            overlay[name] = at.canonical(argument)
            roles[name] = at.role(argument)
            arguments[name] = (at, argument)
        exact = not any(a.star for _, a in given)  # no *args/**kwargs: unbound parameters take their defaults
        defaults = {
            p.name.value: p.default for p in [*params.posonly_params, *params.params, *params.kwonly_params]
            if exact and p.default is not None and p.name.value not in arguments
        }
        receiver = call.func.value if drop_self and isinstance(call.func, cst.Attribute) else on
        if instance is None and not context.mro and receiver is not None and code_of(receiver) == "self":
            instance = self.instance_of_self(function, context)
        naming = self.naming_for(function, context, bound, defaults, receiver)
        gathered = gathered_arguments(params, positional[len(parameters):], keywords, {*parameters, *keyword_only})
        return self.inline_body(call, function, context, overlay, roles, arguments, naming, instance, gathered)

    def instance_of_self(self, function: cst.FunctionDef, context: Context) -> Built | None:
        """The class of `self` in the calling method, where `self.f()` there finds `f` in a base (align-anything's
        `SafeTrainer.train` running the inherited `ptx_step`): the base's method runs on the caller's instance, whose
        `self.x` the subclass binds (`index.nearer_scopes`). None where the method is the caller's class's own."""
        index = self.index_of(context.function)
        caller = index.owner_class(context.function)
        return (index, caller) if caller is not None and caller is not self.index_of(function).owner_class(function) else None

    @staticmethod
    def attributes_of_self(resolver: Resolver) -> Attributes:
        """The `self.x` of the caller's instance as it keys them, for a method it calls on `self`: those handed to
        it, and those its class (and its bases) bind (a mixin's `train_step` steps the `self.optimizer` that the
        class mixing it in keys by its `__init__`'s parameter)."""
        keys = {key: value for key, value in resolver.overlay.items() if key.startswith("self.")}
        for scope in resolver.scopes:
            for key in scope.bindings:
                if key.startswith("self.") and key[5:].isidentifier() and key not in keys:
                    keys[key] = resolver.canonical(cst.Attribute(value=cst.Name("self"), attr=cst.Name(key[5:])))
        return Attributes(keys, {key: handed for key, handed in resolver.arguments.items() if key.startswith("self.")})

    def naming_for(self, function: cst.FunctionDef, context: Context, bound, defaults, receiver) -> Naming:
        """A helper's parameters, read as the caller's chains or literals where the helper never reassigns them."""
        local = locals_of(function)
        reassigned = assigned_in(function)
        params: dict[str, str] = {}
        constants: dict[str, str] = {}
        for name, at, argument in bound:
            if name in reassigned:
                continue
            literal = self.literal_argument(argument, context) if at is context.resolver else literal_of(argument)
            if literal is not None:
                constants[name] = literal
            elif at is context.resolver and context.naming.chain(argument) is not None:
                params[name] = context.naming.chain(argument)
        handed_displays = {name: argument for name, at, argument in bound if at is context.resolver and name not in reassigned}
        for local, element in unpacked_displays(function, handed_displays):
            if (chain := context.naming.chain(element)) is not None:
                params[local] = chain
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
            outer = self.root_naming
        index = self.index_of(function)
        naming = Naming(str(next(self.ids)), local, params, constants, outer, imports=index.imports, options=index.option_choices)
        return naming.with_aliases(function, bindings(function).targets)

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

    def loop_rebinds(self, loop: cst.For | cst.While | cst.FunctionDef) -> frozenset[str]:
        """The names and attributes a loop (re)binds, its target included: `model`, `self.net`, `learner` (of a def a
        library's loop calls: its parameters too)."""
        params = locals_of(loop) - assigned_in(loop) if isinstance(loop, cst.FunctionDef) else frozenset()
        return params | frozenset(code_of(target) for target in bindings(loop).targets)


def unpacked_displays(
    function: cst.FunctionDef, handed: dict[str, cst.BaseExpression],
) -> list[tuple[str, cst.BaseExpression]]:
    """Each local of `function` that a tuple target at the top of its body unpacks from a parameter the call hands a
    list or tuple display (`optim_g, optim_d = optims` for `train(..., [optim_g, optim_d])`), with the element of the
    display it takes: the local holds the caller's object. Only a local bound there alone, by a display of as many
    plain elements as the target has names."""
    targets = Counter(code_of(target) for target in bindings(function).targets)
    found = []
    for statement in statements_of(function.body) if isinstance(function.body, cst.IndentedBlock) else ():
        small = statement.body[0] if isinstance(statement, cst.SimpleStatementLine) and len(statement.body) == 1 else None
        if not (isinstance(small, cst.Assign) and len(small.targets) == 1 and isinstance(small.value, cst.Name)):
            continue
        target, display = small.targets[0].target, handed.get(small.value.value)
        if not (isinstance(target, (cst.Tuple, cst.List)) and isinstance(display, (cst.Tuple, cst.List))):
            continue
        names, elements = target.elements, display.elements
        if len(names) != len(elements) or any(isinstance(e, cst.StarredElement) for e in (*names, *elements)):
            continue
        found += [
            (name.value.value, element.value) for name, element in zip(names, elements)
            if isinstance(name.value, cst.Name) and targets[name.value.value] == 1
        ]
    return found


def gathered_arguments(
    params: cst.Parameters, extra: list[tuple[Resolver, cst.BaseExpression]], keywords: dict[str, tuple[Resolver, cst.BaseExpression]],
    named: set[str],
) -> tuple[tuple[str, tuple[cst.BaseExpression, ...]], ...]:
    """The `*args` and `**kwargs` parameters with the arguments the call gathers into them: the positional ones past
    the named parameters, the keywords no parameter takes (`update(loss=losses)` for `def update(self, **kwargs)`)."""
    found = []
    if isinstance(params.star_arg, cst.Param) and extra:
        found.append((params.star_arg.name.value, tuple(argument for _, argument in extra)))
    others = tuple(argument for keyword, (_, argument) in keywords.items() if keyword not in named)
    if isinstance(params.star_kwarg, cst.Param) and others:
        found.append((params.star_kwarg.name.value, others))
    return tuple(found)


def is_partial(call: cst.Call) -> bool:
    """`functools.partial(f, ...)` (or `partial(f, ...)`), `f` given by position."""
    return (
        dotted_name(call.func) in PARTIALS and bool(call.args)
        and call.args[0].keyword is None and not call.args[0].star
    )


def partial_bound(resolver: Resolver, node: cst.BaseExpression | None, depth: int) -> tuple[Resolver, cst.Call] | None:
    """The `functools.partial(...)` call `node` is, with the resolver that reads it: itself, a name bound once to
    one, a parameter its caller handed one (read in the caller's resolver), or a name imported from a module of the
    project whose top level binds it once to one (read in that module's, `SameFileView.imported_partial`)."""
    if isinstance(node, cst.Call):
        return (resolver, node) if is_partial(node) else None
    if not isinstance(node, cst.Name) or depth > 4:
        return None
    if node.value in resolver.arguments:
        caller, argument = resolver.arguments[node.value]
        return partial_bound(caller, argument, depth + 1)
    if node.value in resolver.overlay:
        return None
    bindings = resolver.bindings(node.value)
    if not bindings and isinstance(resolver.same_file, SameFileView):
        found = resolver.same_file.imported_partial(node.value)
        return partial_bound(found[0], found[1], depth + 1) if found is not None else None
    return partial_bound(resolver, bindings[0].value, depth + 1) if len(bindings) == 1 else None


@for_one_file
def locals_of(function: cst.FunctionDef) -> frozenset[str]:
    """Python's locals of a function: its parameters and every name it assigns."""
    return parameters_of(function) | assigned_in(function)


def parameters_of(function: cst.FunctionDef) -> frozenset[str]:
    params = function.params
    names = {p.name.value for p in [*params.posonly_params, *params.params, *params.kwonly_params]}
    names |= {p.name.value for p in (params.star_arg, params.star_kwarg) if isinstance(p, cst.Param)}
    return frozenset(names)


@for_one_file
def own_locals(function: cst.FunctionDef) -> frozenset[str]:
    """The locals a function binds that are no parameters (nor `global` or `nonlocal`): unbound when a call enters
    it, each call's own, so nothing of an earlier call is in them."""
    return assigned_in(function) - parameters_of(function)


def assigned_in(function: cst.FunctionDef) -> frozenset[str]:
    bound = bindings(function)
    return frozenset(bound.names - bound.declared_elsewhere)


@for_one_file
def bindings(node: cst.FunctionDef | cst.For | cst.While) -> "Bindings":
    return Bindings(statements_of(node.body) if isinstance(node, cst.FunctionDef) else [node])


class Bindings:
    """What statements bind, statement by statement, not inside nested defs or classes: the targets
    assigned to (names, attributes, subscripts), each with the value it is bound to where one is written (`values`:
    an assignment's, an augmented one's, what a `for` iterates, a `with` item), the plain names among them and those
    of defs, classes, imports and exceptions caught (`opaque`: bound to nothing these statements show), and the names
    declared `global` or `nonlocal`."""

    def __init__(self, statements: Sequence[cst.CSTNode]) -> None:
        self.targets: list[cst.BaseExpression] = []
        self.values: list[tuple[cst.BaseExpression, cst.BaseExpression]] = []
        self.names: set[str] = set()
        self.opaque: set[str] = set()
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
                self.bind_opaque(statement.name.value)
            else:
                if isinstance(statement, cst.For):
                    self.add(statement.target, statement.iter)
                elif isinstance(statement, cst.With):
                    for item in statement.items:
                        if item.asname is not None:
                            self.add(item.asname.name, item.item)
                elif isinstance(statement, (cst.Try, cst.TryStar)):
                    for handler in statement.handlers:
                        if handler.name is not None:
                            self.add(handler.name.name)
                            if isinstance(handler.name.name, cst.Name):
                                self.opaque.add(handler.name.name.value)
                for suite in suites(statement):
                    self.walk(suite)

    def small(self, statement: cst.BaseSmallStatement) -> None:
        if isinstance(statement, cst.Assign):
            for target in statement.targets:
                self.add(target.target, statement.value)
        elif isinstance(statement, (cst.AugAssign, cst.AnnAssign)):
            self.add(statement.target, statement.value)
        elif isinstance(statement, (cst.Import, cst.ImportFrom)) and not isinstance(statement.names, cst.ImportStar):
            for alias in statement.names:
                self.bind_opaque(bound_by_import(alias, plain=isinstance(statement, cst.Import)))
        elif isinstance(statement, (cst.Global, cst.Nonlocal)):
            self.declared_elsewhere.update(item.name.value for item in statement.names)

    def add(self, target: cst.CSTNode, value: cst.BaseExpression | None = None) -> None:
        if value is not None:
            self.values.append((target, value))
        self.bind_target(target)

    def bind_target(self, target: cst.CSTNode) -> None:
        if isinstance(target, (cst.Tuple, cst.List)):
            for element in target.elements:
                self.bind_target(element.value)
        elif isinstance(target, cst.StarredElement):
            self.bind_target(target.value)
        elif isinstance(target, (cst.Name, cst.Attribute, cst.Subscript)):
            self.targets.append(target)
            if isinstance(target, cst.Name):
                self.names.add(target.value)

    def bind_opaque(self, name: str) -> None:
        self.names.add(name)
        self.opaque.add(name)


def bound_by_import(alias: cst.ImportAlias, plain: bool) -> str:
    """The name an import binds: `np` of `import numpy as np`, `os` of `import os.path`, `f` of `from m import f`."""
    if alias.asname is not None and isinstance(alias.asname.name, cst.Name):
        return alias.asname.name.value
    name = dotted_name(alias.name) or ""
    return name.partition(".")[0] if plain else name
