"""PyTorch-Ignite's `trainer.run(data, max_epochs=n)` built as the loops it runs (summaries.py's `IGNITE_*`).

The engine is known by its one binding in the function that runs it: `Engine(update)` of ignite, ignite's
`create_supervised_trainer(model, optimizer, loss_fn)` (its summary's clear, backward and step), or a call of a
def of the file or of the project whose last statement returns an `Engine` (`create_trainer(model, opt)` returning
`Engine(_update)` of its own closure). Its handlers are those the same function registers on it
(`@trainer.on(Events.X)`, `trainer.add_event_handler(Events.X, handler, ...)`). Anything else is unknown: an engine
handed in, a process function that does not resolve, a handler of a filtered or other event that holds lifecycle
events (`Events.ITERATION_COMPLETED(every=n)`: when it runs is not modelled), an engine the function hands to a
def of the file or of the project (which may register handlers); then `run` is no event at all.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Sequence

import libcst as cst

from zerograd_lint.analysis.ir.conditions import condition_of
from zerograd_lint.analysis.ir.events import argument
from zerograd_lint.analysis.ir.index import base_class_of, statements_of
from zerograd_lint.analysis.ir.inlining import Attributes, Construction
from zerograd_lint.analysis.ir.names import Role, code_of, decorated, dotted_name
from zerograd_lint.analysis.ir.nodes import (
    Assign,
    Backward,
    Block,
    Branch,
    Caught,
    Clear,
    ClearTarget,
    Event,
    Guard,
    Inlined,
    Loop,
    Node,
    Rebind,
    Step,
    children,
    events_in,
)
from zerograd_lint.analysis.ir.summaries import (
    IGNITE_ENGINES,
    IGNITE_EVENT_COUNTERS,
    IGNITE_EVENTS,
    IGNITE_EVERY,
    IGNITE_LOOP_METHODS,
    IGNITE_PACKAGE,
    IGNITE_PROCESS_ATTRIBUTE,
    IGNITE_PROCESS_FUNCTION,
    IGNITE_REGISTRATION,
    IGNITE_REGISTRATION_DECORATOR,
    IGNITE_RUN,
    IGNITE_SUPERVISED_TRAINER,
    Parameter,
)
from zerograd_lint.analysis.ir.visiting import nodes_of, visit

if TYPE_CHECKING:
    from zerograd_lint.analysis.ir.builder import Context
    from zerograd_lint.analysis.ir.index import Container, ModuleIndex
    from zerograd_lint.analysis.ir.roles import Resolver


@dataclass(frozen=True)
class EngineRun:
    """The parts of one `trainer.run(...)` built where it is called: the handlers of each event, as nodes."""

    call: cst.Call
    handlers: dict[str, list[Node]]
    # ignite's counters, each set as its loop's iteration begins (`counters`): `trainer.state.epoch`, `.iteration`
    counters: tuple[Node, Node] | None = None

    def registered_first(self, handlers: dict[str, list[Node]]) -> EngineRun:
        """This run with `handlers` before its own: those a factory registered as it built the engine, before its
        caller could register any."""
        return replace(self, handlers={event: [*handlers[event], *self.handlers[event]] for event in IGNITE_EVENTS})

    def loops(self, process: list[Node]) -> list[Node]:
        """ignite's loops around the process function's nodes: STARTED once, then each epoch its EPOCH_STARTED
        handlers, each batch ITERATION_STARTED, the process function, ITERATION_COMPLETED, then EPOCH_COMPLETED;
        COMPLETED once after."""
        started, epoch_started, iteration_started, iteration_completed, epoch_completed, completed = (
            self.handlers[event] for event in IGNITE_EVENTS
        )
        epoch_counter, iteration_counter = ([node] for node in self.counters) if self.counters else ([], [])
        iteration = Loop(
            self.call, Block((*iteration_counter, *iteration_started, *process, *iteration_completed)), Block(()), True, False
        )
        epoch = Loop(self.call, Block((*epoch_counter, *epoch_started, iteration, *epoch_completed)), Block(()), True, False)
        return [*started, epoch, *completed]


class EngineRuns:
    """Mixed into `builder.Builder` (which inlines the handlers and the process function)."""

    def engine_run(self, call: cst.Call, context: Context) -> list[Node] | None:
        """The nodes of `trainer.run(...)` of an ignite engine built in view, or None (unknown, or another call)."""
        func = call.func
        if not (isinstance(func, cst.Attribute) and func.attr.value == IGNITE_RUN and isinstance(func.value, cst.Name)):
            return None
        receiver = func.value
        bindings = context.resolver.bindings(receiver.value)
        built = bindings[0].value if len(bindings) == 1 else None
        if not isinstance(built, cst.Call):
            return None
        index = self.index_of(context.function)
        direct = ignite_name(built, index) in IGNITE_ENGINES
        subclass = None if direct else self.engine_subclass(receiver, context)
        supervised = self.supervised_update(built, context) if ignite_name(built, index) == IGNITE_SUPERVISED_TRAINER.function else None
        factory = None if direct or subclass or supervised is not None else self.engine_factory(built, context)
        if not (direct or subclass or supervised is not None or factory is not None):
            return None
        handlers = self.handlers_of(receiver.value, context)
        if handlers is None:
            return None
        run = EngineRun(call, handlers, self.counters(receiver, call, context))
        if supervised is not None:
            return run.loops(supervised)
        if factory is None:
            process = self.process_nodes(built, context, receiver) if direct else self.subclass_process(receiver, subclass, context)
            return run.loops(process) if process is not None else None
        nodes = self.inline_call(built, factory, context.but(returns_run=factory, engine_run=run))
        return nodes if holds_loop(nodes) else None  # its process function resolved

    def engine_returned(self, returned: cst.BaseExpression, context: Context) -> list[Node]:
        """The loops of the caller's `trainer.run(...)` at the return of the factory that built its engine (`return
        Engine(update)`, or `return trainer` bound once to one, whose handlers the factory registered before the
        caller's); nothing where the engine or its handlers are not known (`handlers_of`)."""
        run = context.engine_run
        construction = returned_construction(returned, context.function, self.index_of(context.function))
        if run is None or construction is None:
            return []
        if isinstance(returned, cst.Name):
            registered = self.handlers_of(returned.value, context)
            if registered is None:
                return []
            run = run.registered_first(registered)
        process = self.process_nodes(construction, context)
        return run.loops(process) if process is not None else []

    def counters(self, engine: cst.Name, call: cst.Call, context: Context) -> tuple[Node, Node] | None:
        """ignite's counters of the engine run by `call`, as its loops set them: `engine.state.epoch` as each epoch
        begins, from 1; `engine.state.iteration` as each batch begins, from 1 and on across the epochs (at least 1 in
        the first batch: a run resumed from a checkpoint goes on from its iteration). None where the engine's name is
        no chain of the function's naming."""
        key = context.naming.chain(engine)
        if key is None:
            return None
        return (
            self.rebind(call, {f"{key}.state.epoch"}, True, start="1"),
            self.rebind(call, {f"{key}.state.iteration"}, True, start="1", resumable=True),
        )

    def process_nodes(self, construction: cst.Call, context: Context, engine: cst.Name | None = None) -> list[Node] | None:
        """The process function of `Engine(update)` inlined, or None where it does not resolve to a body. A def (of the
        file, imported from the project, or handed to the factory by its caller: `create_trainer(train_step, ...)`
        building `Engine(train_step)`) is called as ignite calls it, `update(trainer, batch)` (`engine_called`), its
        engine the caller's `engine` where the engine is run in view."""
        process = argument(construction, IGNITE_PROCESS_FUNCTION)
        if process is None:
            return None
        function = self.def_named(process, context) if isinstance(process, cst.Name) else None
        nodes = (
            self.engine_called(process, function, 0, None, context, engine) if function is not None else self.inline_callable(process, context)
        )
        return nodes if any(isinstance(node, Inlined) for node in nodes) else None

    def def_named(self, name: cst.Name, context: Context) -> cst.FunctionDef | None:
        """The def a process function's name is: of the file, imported from the project, or the one the caller of the
        function being built handed it (`Inlining.function_passed`)."""
        index = self.index_of(context.function)
        return index.function(context.function, name.value) or self.imported_function(name, context) or self.function_passed(name, context)

    def engine_called(
        self, process: cst.BaseExpression, function: cst.FunctionDef, engines: int, attributes: Attributes | None, context: Context,
        engine: cst.Name | None = None,
    ) -> list[Node]:
        """`function` inlined as ignite calls a process function, `update(trainer, batch)`: its parameters up to the
        one at `engines` (the first; a bound method's `self` and the next) are the engine, their attributes those its
        class sets from the construction's arguments (`attributes`, as `Inlining.instance_attributes` reads an
        instance's `self.x`: `engine.optimizer` is the optimizer the construction was handed), and their names the
        caller's `engine` where it is given (`engine.state.iteration` is the run's counter, `counters`)."""
        parameters = [p.name.value for p in [*function.params.posonly_params, *function.params.params]][: engines + 1]
        bound = [(name, context.resolver, engine) for name in parameters] if engine is not None else []
        naming = self.naming_for(function, context, bound, {}, None) if bound else None
        overlay: dict[str, str] = {}
        handed: dict[str, tuple[Resolver, cst.BaseExpression]] = {}
        for name in parameters:
            overlay |= {f"{name}.{key[5:]}": value for key, value in (attributes.keys if attributes else {}).items()}
            handed |= {f"{name}.{key[5:]}": value for key, value in (attributes.handed if attributes else {}).items()}
        return self.inline_body(process, function, context, overlay, {}, handed, naming=naming)

    def engine_subclass(self, receiver: cst.Name, context: Context) -> Construction | None:
        """The construction `receiver` is bound to, in view, of a class of the file or of the project deriving from
        ignite's `Engine` (`class TranslationEngine(Engine)`), whose run is ignite's: none of its lineage's bases is
        unknown, and none of its classes is decorated (a `@dataclass`), overrides a method of the loop
        (`IGNITE_LOOP_METHODS`), sets the process function (`self._process_function = ...`) or registers handlers on
        `self` (`registers_on_self`). None otherwise."""
        built = self.instance_built(receiver, context)
        if not built or len(built) != 1 or built[0][3] is not context.resolver:
            return None
        home, cls, _, _ = built[0]
        lineage = home.lineage(cls)
        known = {owner for _, owner in lineage}
        derives = False
        for index, owner in lineage:
            if owner.decorators:
                return None  # a `@dataclass` makes its own `__init__` (and calls `__post_init__`)
            for base in owner.bases:
                engine = ignite_named(base.value, index) in IGNITE_ENGINES
                found = None if engine else base_class_of(index, owner, base)
                if not engine and (found is None or found[1] not in known):
                    return None
                derives = derives or engine
            methods = index.methods_of.get(owner, {})
            if methods.keys() & IGNITE_LOOP_METHODS or f"self.{IGNITE_PROCESS_ATTRIBUTE}" in index.class_scope(owner).bindings:
                return None
            if any(registers_on_self(method, index) for method in methods.values()):
                return None
        return built[0] if derives else None

    def subclass_process(self, receiver: cst.Name, built: Construction, context: Context) -> list[Node] | None:
        """The process function of an instance of an `Engine` subclass (`engine_subclass`) inlined: what its
        `__init__` hands `super().__init__(...)`, a parameter of it (the construction's argument: a static method
        `TranslationEngine.update`, a def) or a method of its own (`self._update`, a bound method: its `self` is the
        engine too); the construction's own argument where no class of the project defines `__init__`. The engine's
        attributes are those `__init__` sets from the construction's arguments. None where it does not resolve."""
        home, cls, construction, _ = built
        found = home.inherited_method(cls, "__init__")
        if found is None:
            return self.process_nodes(construction, context, receiver)
        init_home, init = found
        owner = init_home.owner_class(init)
        if owner is None or not any(ignite_named(base.value, init_home) in IGNITE_ENGINES for base in owner.bases):
            return None  # `super().__init__(...)` is another class's of the project, whose parameters these are not
        handed = handed_to_engine(init, init_home)
        attributes = self.instance_attributes(receiver, built, init, context)
        if attributes is None:
            return None  # the construction's arguments not matched to `__init__`'s parameters (`*args`)
        parameters = [p.name.value for p in [*init.params.posonly_params, *init.params.params]][1:]
        if isinstance(handed, cst.Name) and handed.value in parameters:
            position = parameters.index(handed.value)
            process = argument(construction, Parameter((handed.value,), position))
            method = self.method_of_class(process, context) if isinstance(process, cst.Attribute) else None
            if method is not None and not method[1]:  # `TranslationEngine.update`: a static method, or a method called on the class
                self.homes.setdefault(method[0], home)
                nodes = self.engine_called(process, method[0], 0, attributes, context, receiver)
            elif isinstance(process, cst.Name):
                function = self.def_named(process, context)
                nodes = self.engine_called(process, function, 0, attributes, context, receiver) if function is not None else []
            else:
                return None
        elif isinstance(handed, cst.Attribute) and code_of(handed.value) == "self":
            method_found = home.inherited_method(cls, handed.attr.value)
            if method_found is None or decorated(method_found[1], "staticmethod") or decorated(method_found[1], "classmethod"):
                return None
            self.homes.setdefault(method_found[1], method_found[0])
            nodes = self.engine_called(handed, method_found[1], 1, attributes, context, receiver)
        else:
            return None
        return nodes if any(isinstance(node, Inlined) for node in nodes) else None

    def supervised_update(self, construction: cst.Call, context: Context) -> list[Node] | None:
        """The events of ignite's `create_supervised_trainer(...)`'s process function, on that call: a clear, a
        backward and a step of its optimizer; None where an argument may change them or the optimizer is not one."""
        summary = IGNITE_SUPERVISED_TRAINER
        positional = [a for a in construction.args if a.keyword is None]
        keywords = {a.keyword.value for a in construction.args if a.keyword is not None}
        if any(a.star for a in construction.args) or len(positional) > len(summary.plain) or not keywords <= set(summary.plain):
            return None
        optimizer = argument(construction, summary.optimizer)
        resolver = context.resolver
        if optimizer is None or resolver.role(optimizer) is not Role.OPTIMIZER:
            return None
        key = self.optimizer_key(optimizer, resolver)
        return [
            self.event(Clear, construction, target=ClearTarget("optimizer", key), set_to_none=None),
            self.event(Backward, construction, scaled=False, scaler=None, normalises=False, loss=None, scope=context.function),
            self.event(Step, construction, optimizer=key, via_scaler=False, scaler=None, written=optimizer),
        ]

    def engine_factory(self, call: cst.Call, context: Context) -> cst.FunctionDef | None:
        """The def of the file or of the project that `call` runs when its last statement returns an ignite engine's
        construction (`return Engine(_update)`)."""
        func = call.func
        index = self.index_of(context.function)
        function = index.function(context.function, func.value) if isinstance(func, cst.Name) else None
        function = function or self.imported_function(func, context)
        if function is None:
            return None
        body = list(statements_of(function.body))
        last = body[-1] if body else None
        if not (isinstance(last, cst.SimpleStatementLine) and isinstance(last.body[-1], cst.Return)):
            return None
        returned = last.body[-1].value
        return function if returned is not None and returned_construction(returned, function, self.index_of(function)) else None

    def handlers_of(self, engine: str, context: Context) -> dict[str, list[Node]] | None:
        """Each event's handlers registered on `engine` in the function being built, inlined in their order; None
        where a handler of an event not modelled (filtered, or another) holds lifecycle events, where the function
        does not bind `engine` itself, or hands it to a def of the file or of the project."""
        found = _Registrations(engine)
        function = context.function
        for statement in function.body if isinstance(function, cst.Module) else statements_of(function.body):
            visit(statement, found)
        if not found.bound or any(self.resolves(call, context) for call in found.handed):
            return None  # an engine of another function, or handed to a def that may register handlers of its own
        handlers: dict[str, list[Node]] = {event: [] for event in IGNITE_EVENTS}
        for event, registration, handler in found.registered:
            fired = fired_on(event)
            if fired is None or any(name not in handlers or (every is not None and name not in IGNITE_EVENT_COUNTERS) for name, every in fired):
                nodes = self.handler_nodes(registration, handler, context)
                if any(not isinstance(e, (Assign, Rebind, Caught)) for node in nodes for e in events_in(node)):  # lifecycle events
                    return None
                continue
            for name, every in fired:  # each event of an or (`Events.STARTED | Events.EPOCH_STARTED`) runs the handler
                nodes = self.handler_nodes(registration, handler, context)
                handlers[name].extend(nodes if every is None else [every_nth(engine, name, every, nodes, registration, context)])
        return handlers

    def resolves(self, call: cst.Call, context: Context) -> bool:
        """Whether `call` runs a def of the file or of the project: a function, a method of a class of either called
        on the class (`TrainingEngine.attach(trainer)`), on `self` or on an instance of one built in view (a library's
        `ProgressBar().attach(trainer)` does not)."""
        func = call.func
        index = self.index_of(context.function)
        if isinstance(func, cst.Name) and index.function(context.function, func.value) is not None:
            return True
        if self.imported_function(func, context) is not None or not isinstance(func, cst.Attribute):
            return False
        if code_of(func.value) == "self":
            return self.method_of_self(func.attr.value, context) is not None
        built = self.instance_built(func.value, context) or []
        return self.method_of_class(func, context) is not None or any(home.inherited_method(cls, func.attr.value) for home, cls, _, _ in built)

    def handler_nodes(self, registration: cst.Call, handler: cst.BaseExpression | cst.FunctionDef, context: Context) -> list[Node]:
        """A handler's body inlined (a def, a lambda, a partial); nothing for one that does not resolve (an
        instance of a library's handler: a checkpoint, a timer)."""
        if isinstance(handler, cst.FunctionDef):
            return self.inline_body(registration, handler, context, {}, {})
        return self.inline_callable(handler, context)


def ignite_name(call: cst.Call, index: ModuleIndex) -> str | None:
    """The name of what `call` calls where it is imported from ignite (`Engine` of `Engine(update)` or of
    `ignite.engine.Engine(update)`); None otherwise."""
    full = index.origin(call.func)
    return full.rsplit(".", 1)[-1] if full is not None and full.split(".", 1)[0] == IGNITE_PACKAGE else None


def ignite_named(expression: cst.BaseExpression, index: ModuleIndex) -> str | None:
    """The name of what `expression` names where it is imported from ignite (`Engine` of a base `Engine` or
    `ignite.engine.Engine`); None otherwise."""
    return ignite_name(cst.Call(expression), index)


def handed_to_engine(init: cst.FunctionDef, index: ModuleIndex) -> cst.BaseExpression | None:
    """What an `Engine` subclass's `__init__` hands ignite's as the process function: `func` of `super().__init__(func)`
    or of `Engine.__init__(self, func)`; None where it calls neither."""
    for call in nodes_of(init.body, cst.Call):
        func = call.func
        if not (isinstance(func, cst.Attribute) and func.attr.value == "__init__"):
            continue
        if isinstance(func.value, cst.Call) and code_of(func.value.func) == "super":
            return argument(call, IGNITE_PROCESS_FUNCTION)
        if ignite_named(func.value, index) in IGNITE_ENGINES:
            return argument(call, replace(IGNITE_PROCESS_FUNCTION, position=IGNITE_PROCESS_FUNCTION.position + 1))  # after `self`
    return None


def registers_on_self(method: cst.FunctionDef, index: ModuleIndex) -> bool:
    """Whether a method of an `Engine` subclass registers handlers on `self`, or hands `self` to a def or class of the
    file or of the project (which may: `attach_metrics(self)`; a library's `RunningAverage(...).attach(self, name)`
    does not)."""
    found = _Registrations("self")
    for statement in statements_of(method.body):
        visit(statement, found)
    return bool(found.registered) or any(
        index.definition_of(dotted, method) is not None for call in found.handed if (dotted := dotted_name(call.func)) is not None
    )


def returned_construction(returned: cst.BaseExpression, function: Container, index: ModuleIndex) -> cst.Call | None:
    """The ignite engine's construction a factory returns: `Engine(update)` of `return Engine(update)`, or of `return
    trainer` where the factory binds `trainer` once to it; None for anything else."""
    if isinstance(returned, cst.Name):
        bindings = index.scope(function).bindings.get(returned.value, [])
        returned = bindings[0].value if len(bindings) == 1 and bindings[0].value is not None else returned
    return returned if isinstance(returned, cst.Call) and ignite_name(returned, index) in IGNITE_ENGINES else None


def fired_on(expression: cst.BaseExpression) -> list[tuple[str, cst.BaseExpression | None]] | None:
    """The events a registration names, in order, each with its `every` (None: each time): `Events.EPOCH_STARTED` ->
    `EPOCH_STARTED`; `Events.ITERATION_COMPLETED(every=n)` -> `ITERATION_COMPLETED` every `n`; `A | B` (ignite's
    `EventsList`, the handler registered on each in turn) -> A's, then B's. None for anything else: another filter
    (`once=`, `event_filter=`), a name bound to events elsewhere."""
    if isinstance(expression, cst.BinaryOperation) and isinstance(expression.operator, cst.BitOr):
        left, right = fired_on(expression.left), fired_on(expression.right)
        return left + right if left is not None and right is not None else None
    every = None
    if isinstance(expression, cst.Call):
        keyword = expression.args[0].keyword if len(expression.args) == 1 else None
        if keyword is None or keyword.value != IGNITE_EVERY:
            return None
        expression, every = expression.func, expression.args[0].value
    dotted = dotted_name(expression) if isinstance(expression, (cst.Name, cst.Attribute)) else None
    return [(dotted.rsplit(".", 1)[-1], every)] if dotted is not None else None


def every_nth(
    engine: str, event: str, every: cst.BaseExpression, handler: list[Node], registration: cst.Call, context: Context
) -> Branch:
    """A handler of `Events.ITERATION_COMPLETED(every=n)`: its nodes under ignite's filter, the counter test
    `trainer.state.iteration % n == 0` (`trainer.state.epoch` for an epoch's event), as an `if` would hold them."""
    counted = cst.Attribute(cst.Attribute(cst.Name(engine), cst.Name("state")), cst.Name(IGNITE_EVENT_COUNTERS[event]))
    if not isinstance(every, (cst.Name, cst.Attribute, cst.Integer, cst.Subscript, cst.Call)):
        every = every.with_changes(lpar=[cst.LeftParen()], rpar=[cst.RightParen()])
    test = cst.Comparison(cst.BinaryOperation(counted, cst.Modulo(), every), [cst.ComparisonTarget(cst.Equal(), cst.Integer("0"))])
    return Branch(test, Guard.COUNTER, Block(tuple(handler)), Block(()), registration, False, condition_of(test, context.naming))


def holds_loop(nodes: Sequence[Node]) -> bool:
    """Whether the nodes hold a loop (a factory's return built ignite's)."""
    return any(isinstance(node, Loop) or (not isinstance(node, Event) and holds_loop(children(node))) for node in nodes)


class _Registrations(cst.CSTVisitor):
    """The handlers registered on one engine's name, in source order: `@trainer.on(event)` on a def, and
    `trainer.add_event_handler(event, handler, ...)`; whether the name is assigned, and the other calls it is handed
    to; not inside other defs."""

    def __init__(self, engine: str) -> None:
        self.engine = engine
        self.bound = False
        self.handed: list[cst.Call] = []
        # (the events, as written; the registering call; the handler)
        self.registered: list[tuple[cst.BaseExpression, cst.Call, cst.BaseExpression | cst.FunctionDef]] = []

    def visit_FunctionDef(self, node: cst.FunctionDef) -> bool:
        for decorator in node.decorators:
            call = decorator.decorator
            if isinstance(call, cst.Call) and self.on_engine(call, IGNITE_REGISTRATION_DECORATOR) and call.args:
                self.registered.append((call.args[0].value, call, node))
        return False

    def visit_ClassDef(self, node: cst.ClassDef) -> bool:
        return False

    def visit_Lambda(self, node: cst.Lambda) -> bool:
        return False

    def visit_Call(self, node: cst.Call) -> None:
        if self.on_engine(node, IGNITE_REGISTRATION) and len(node.args) >= 2:
            self.registered.append((node.args[0].value, node, node.args[1].value))
        elif any(isinstance(a.value, cst.Name) and a.value.value == self.engine for a in node.args):
            self.handed.append(node)

    def visit_AssignTarget(self, node: cst.AssignTarget) -> None:
        self.bound = self.bound or (isinstance(node.target, cst.Name) and node.target.value == self.engine)

    def on_engine(self, call: cst.Call, method: str) -> bool:
        func = call.func
        return (
            isinstance(func, cst.Attribute) and func.attr.value == method
            and isinstance(func.value, cst.Name) and func.value.value == self.engine
        )
