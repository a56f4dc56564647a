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

from zerograd_lint.analysis.ir.events import argument
from zerograd_lint.analysis.ir.index import statements_of
from zerograd_lint.analysis.ir.names import Role, dotted_name
from zerograd_lint.analysis.ir.nodes import (
    Assign,
    Backward,
    Block,
    Clear,
    ClearTarget,
    Event,
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
    IGNITE_EVENTS,
    IGNITE_PACKAGE,
    IGNITE_PROCESS_FUNCTION,
    IGNITE_REGISTRATION,
    IGNITE_REGISTRATION_DECORATOR,
    IGNITE_RUN,
    IGNITE_SUPERVISED_TRAINER,
)
from zerograd_lint.analysis.ir.visiting import visit

if TYPE_CHECKING:
    from zerograd_lint.analysis.ir.builder import Context
    from zerograd_lint.analysis.ir.index import ModuleIndex


@dataclass(frozen=True)
class EngineRun:
    """The parts of one `trainer.run(...)` built where it is called: the handlers of each event, as nodes."""

    call: cst.Call
    handlers: dict[str, list[Node]]

    def loops(self, process: list[Node]) -> list[Node]:
        """ignite's loops around the process function's nodes: STARTED once, then each epoch its EPOCH_STARTED
        handlers, each batch ITERATION_STARTED, the process function, ITERATION_COMPLETED, then EPOCH_COMPLETED;
        COMPLETED once after."""
        started, epoch_started, iteration_started, iteration_completed, epoch_completed, completed = (
            self.handlers[event] for event in IGNITE_EVENTS
        )
        iteration = Loop(self.call, Block((*iteration_started, *process, *iteration_completed)), Block(()), True, False)
        epoch = Loop(self.call, Block((*epoch_started, iteration, *epoch_completed)), Block(()), True, False)
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
        supervised = self.supervised_update(built, context) if ignite_name(built, index) == IGNITE_SUPERVISED_TRAINER.function else None
        factory = None if direct or supervised is not None else self.engine_factory(built, context)
        handlers = self.handlers_of(receiver.value, context) if direct or supervised is not None or factory is not None else None
        if handlers is None:
            return None
        run = EngineRun(call, handlers)
        if supervised is not None:
            return run.loops(supervised)
        if factory is None:
            process = self.process_nodes(built, context)
            return run.loops(process) if process is not None else None
        nodes = self.inline_call(built, factory, replace(context, returns_run=factory, engine_run=run))
        return nodes if holds_loop(nodes) else None  # its process function resolved

    def process_nodes(self, construction: cst.Call, context: Context) -> list[Node] | None:
        """The process function of `Engine(update)` inlined, or None where it does not resolve to a body."""
        process = argument(construction, IGNITE_PROCESS_FUNCTION)
        nodes = self.inline_callable(process, context) if process is not None else []
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
        home = self.index_of(function)
        return function if isinstance(returned, cst.Call) and ignite_name(returned, home) in IGNITE_ENGINES else None

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
            nodes = self.handler_nodes(registration, handler, context)
            if event in handlers:
                handlers[event].extend(nodes)
            elif any(not isinstance(e, (Assign, Rebind)) for node in nodes for e in events_in(node)):
                return None
        return handlers

    def resolves(self, call: cst.Call, context: Context) -> bool:
        """Whether `call` runs a def of the file or of the project (a library's `ProgressBar().attach(trainer)` does
        not)."""
        func = call.func
        index = self.index_of(context.function)
        own = index.function(context.function, func.value) if isinstance(func, cst.Name) else None
        return own is not None or self.imported_function(func, context) is not None

    def handler_nodes(self, registration: cst.Call, handler: cst.BaseExpression | cst.FunctionDef, context: Context) -> list[Node]:
        """A handler's body inlined (a def, a lambda, a partial); nothing for one that does not resolve (an
        instance of a library's handler: a checkpoint, a timer)."""
        if isinstance(handler, cst.FunctionDef):
            return self.inline_body(registration, handler, context, {}, {})
        return self.inline_callable(handler, context)


def ignite_name(call: cst.Call, index: ModuleIndex) -> str | None:
    """The name of what `call` calls where it is imported from ignite (`Engine` of `Engine(update)` or of
    `ignite.engine.Engine(update)`); None otherwise."""
    dotted = dotted_name(call.func) or ""
    root, _, rest = dotted.partition(".")
    origin = index.imports.get(root)
    full = f"{origin}.{rest}" if origin and rest else origin
    return full.rsplit(".", 1)[-1] if full is not None and full.split(".", 1)[0] == IGNITE_PACKAGE else None


def event_of(expression: cst.BaseExpression) -> str:
    """`Events.EPOCH_STARTED` -> `EPOCH_STARTED`; a filtered event (`Events.ITERATION_COMPLETED(every=10)`) or an or
    of events -> `filtered`, no event the loops model."""
    dotted = dotted_name(expression) if isinstance(expression, (cst.Name, cst.Attribute)) else None
    return dotted.rsplit(".", 1)[-1] if dotted is not None else "filtered"


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
        # (the event, the registering call, the handler)
        self.registered: list[tuple[str, cst.Call, cst.BaseExpression | cst.FunctionDef]] = []

    def visit_FunctionDef(self, node: cst.FunctionDef) -> bool:
        for decorator in node.decorators:
            call = decorator.decorator
            if isinstance(call, cst.Call) and self.on_engine(call, IGNITE_REGISTRATION_DECORATOR) and call.args:
                self.registered.append((event_of(call.args[0].value), call, node))
        return False

    def visit_ClassDef(self, node: cst.ClassDef) -> bool:
        return False

    def visit_Lambda(self, node: cst.Lambda) -> bool:
        return False

    def visit_Call(self, node: cst.Call) -> None:
        if self.on_engine(node, IGNITE_REGISTRATION) and len(node.args) >= 2:
            self.registered.append((event_of(node.args[0].value), node, node.args[1].value))
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
