"""CST to lifecycle IR: recognises the events and inlines helpers of the same file."""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from itertools import count
from typing import Mapping, Sequence

import libcst as cst

from zerograd_lint.analysis.ir import state_events
from zerograd_lint.analysis.ir.conditions import ROOT_NAMING, Naming, condition_of, literal_of, reads_of_value
from zerograd_lint.analysis.ir.index import Container, ModuleIndex, suites
from zerograd_lint.analysis.ir.nodes import (
    Accumulate,
    Assign,
    Backward,
    Block,
    Branch,
    Caught,
    Clear,
    ClearTarget,
    Clip,
    Event,
    Freeze,
    GradAccess,
    GradWrite,
    Guard,
    Inlined,
    Jump,
    Loop,
    NextElement,
    NextParameter,
    Node,
    OptimizerBuilt,
    Rebind,
    SchedulerStep,
    StateLoad,
    Step,
    Try,
    Unscale,
    Update,
    events_in,
)
from zerograd_lint.analysis.ir.names import Role, code_of, constructor_role, dotted_name, last_name, one_line, source_of
from zerograd_lint.analysis.ir.roles import Resolver, loop_elements, tuple_elements
from zerograd_lint.analysis.ir.vocabulary import CLIP_FUNCTIONS, COUNTER_WORDS, NORM_FUNCTIONS

MAX_INLINE_DEPTH = 6
CLEAR_HELPER = re.compile(r"zero_?grad|clear_?grad|reset_?grad", re.IGNORECASE)
COUNTING_ITERABLES = re.compile(r"(^|\.)(range|trange|count)$")
DISTRIBUTED_AUTOGRAD = re.compile(r"(^|\.)(dist_autograd|distributed\.autograd)$")
PAIRING = frozenset({"zip", "map", "filter", "chain", "product", "enumerate"})
# Receivers whose `.backward(x)` takes the loss as an argument (Accelerate, DeepSpeed, fairseq, Fabric).
LOSS_ARGUMENT_RECEIVERS = re.compile(r"accelerator|fabric|engine|optim|model|trainer|strategy|self|amp", re.I)


def guard_of(test: cst.BaseExpression, resolver: Resolver) -> Guard:
    """A counter test marks gradient accumulation; anything else is some other condition.

    A flag is judged by what it is bound to: `need_update = (i + 1) % n == 0`.
    """
    text = code_of(test)
    if "%" in text or COUNTER_WORDS.search(text.lower()) or "==len(" in text:
        return Guard.COUNTER
    flag = test.expression if isinstance(test, cst.UnaryOperation) else test
    bound = resolver.value_of(flag) if isinstance(flag, (cst.Name, cst.Attribute)) else None
    if bound is not None and bound is not flag and not isinstance(bound, (cst.Name, cst.Attribute)):
        return guard_of(bound, resolver)
    return Guard.OTHER


def mentions_grad_none_check(test: cst.BaseExpression) -> bool:
    text = code_of(test)
    return ".grad" in text and ("None" in text or text.endswith(".grad"))


def tests_scaler_stage(test: cst.BaseExpression) -> bool:
    """`scaler._per_optimizer_states[id(opt)]["stage"] is not OptState.UNSCALED` (GradScaler's private record)."""
    text = code_of(test)
    return "_per_optimizer_states" in text or "OptState." in text


def statements_of(body: cst.BaseSuite) -> Sequence[cst.BaseStatement | cst.BaseSmallStatement]:
    """An indented block's statements, or a one-line suite's small statements."""
    return body.body


def jump_only(body: cst.BaseSuite) -> str | None:
    """`continue`, `return` or `break` when a suite ends with that jump."""
    statements = list(statements_of(body))
    last = statements[-1] if statements else None
    if isinstance(last, cst.SimpleStatementLine):
        last = last.body[-1]
    kinds = {cst.Continue: "continue", cst.Break: "break", cst.Return: "return"}
    for kind, name in kinds.items():
        if isinstance(last, kind):
            return name
    return None


@dataclass(frozen=True)
class Context:
    resolver: Resolver
    function: Container  # where the code being built is written
    stack: tuple[cst.CSTNode, ...]  # functions being inlined, to stop recursion
    tail_jump: str | None = None  # the jump that falling off this block's end amounts to
    accelerate: bool = False  # inside `with accelerator.accumulate(...)`
    # The accelerator whose `accumulate()` the enclosing loop or function enters: Accelerate gates the
    # prepared optimizers' step and clear on its `sync_gradients`, wherever they are called.
    gated: str | None = None
    elements: Mapping[str, cst.BaseExpression] = field(default_factory=dict)  # loop variables -> their collections
    stage_checked: bool = False  # under a test of a GradScaler's per-optimizer stage
    conditions: tuple[tuple[cst.BaseExpression, bool], ...] = ()  # the `if` arms around: (test, the arm taken when true)
    naming: Naming = ROOT_NAMING  # how names are keyed in conditions (a helper's locals are its own)
    instances: tuple[tuple[cst.CSTNode, Naming], ...] = ()  # the functions being inlined, with their namings
    no_grad: bool = False  # inside `with torch.no_grad():`
    loop_rebinds: frozenset[str] | None = None  # what the innermost loop of this function assigns, inside one


class Builder:
    def __init__(self, index: ModuleIndex, reads: bool = False) -> None:
        self.index = index
        self.reads = reads  # also build `.grad` reads and freezes (ZG301)
        self.grad_names: dict[int, tuple[str, ...]] = {}  # container number -> its `name.grad` names, in order
        self._grad_order: dict[Container, tuple[int, dict[cst.Attribute, int]]] = {}
        # `loss = scaler.scale(loss)` -> the `if` arms it is written in
        self.scaled_under: dict[cst.Call, tuple[tuple[cst.BaseExpression, bool], ...]] = {}
        self.ids = count()
        self.models: dict[str, frozenset[str]] = {}  # optimizer key -> the model it is built from
        self.derived: dict[str, frozenset[str]] = {}  # optimizer key -> optimizers handed to the call building it
        self._locals: dict[cst.FunctionDef, frozenset[str]] = {}
        self._bound: dict[cst.CSTNode, _Bindings] = {}  # what a function or loop binds, found once

    def optimizer_key(self, node: cst.BaseExpression, resolver: Resolver) -> str:
        key = resolver.canonical(node)
        models = resolver.optimizer_models(node)
        if models and self.models.get(key, models) == models:
            self.models[key] = models
        elif models:
            self.models[key] = frozenset()  # built differently in different places: unknown
        built = resolver.value_of(node)
        if isinstance(built, cst.Call) and key not in self.derived:
            sources = {resolver.canonical(a.value) for a in built.args if resolver.role(a.value) is Role.OPTIMIZER}
            self.derived[key] = frozenset(sources - {key})
        return key

    def build(self, root: Container) -> Block:
        context = Context(
            self.index.resolver_for(root), root, (root,), "return", no_grad=state_events.function_disables_grad(root)
        )
        body = root.body if isinstance(root, cst.Module) else statements_of(root.body)
        return self.block(body, replace(context, gated=self.accumulating_in(body, context)))

    # Statements -----------------------------------------------------------

    def block(self, statements: Sequence[cst.CSTNode], context: Context) -> Block:
        items: list[Node] = []
        for position, statement in enumerate(statements):
            rest = statements[position + 1 :]
            is_last = not rest
            if (
                isinstance(statement, cst.If)
                and statement.orelse is None
                and context.tail_jump is not None
                and jump_only(statement.body) in {context.tail_jump, "return"}
                and rest
            ):
                # `if not boundary: continue` then the step: the rest runs under that condition.
                items.extend(self.expression(statement.test, context))
                condition = condition_of(statement.test, context.naming)
                if isinstance(condition, bool):  # decided by literal arguments
                    skipping = replace(context, tail_jump=None)
                    items.extend(self.block(statements_of(statement.body), skipping).items if condition else self.block(rest, context).items)
                    return Block(tuple(items))
                skipped = self.block(statements_of(statement.body), replace(context, tail_jump=None))
                items.append(
                    Branch(
                        statement.test, guard_of(statement.test, context.resolver), self.block(rest, context), skipped, statement, True,
                        condition,
                    )
                )
                return Block(tuple(items))
            inner = context if is_last else replace(context, tail_jump=None)
            items.extend(self.statement(statement, inner))
        return Block(tuple(items))

    def statement(self, statement: cst.CSTNode, context: Context) -> list[Node]:
        if isinstance(statement, cst.SimpleStatementLine):
            nodes: list[Node] = []
            for small in statement.body:
                nodes.extend(self.small_statement(small, context))
            return nodes
        if isinstance(statement, cst.BaseSmallStatement):
            return self.small_statement(statement, context)
        if isinstance(statement, cst.If):
            return self.if_statement(statement, context)
        if isinstance(statement, cst.For):
            body = self.block(statements_of(statement.body), self.loop_context(statement, context))
            body = Block((*self.loop_targets(statement, context), *self.next_elements(statement.target, body, context), *body.items))
            orelse = self.suite(statement.orelse, context)
            return [*self.expression(statement.iter, context), Loop(statement, body, orelse, True, False)]
        if isinstance(statement, cst.While):
            body = self.block(statements_of(statement.body), self.loop_context(statement, context))
            forever = code_of(statement.test) in {"True", "1"}
            orelse = self.suite(statement.orelse, context)
            return [*self.expression(statement.test, context), Loop(statement, body, orelse, forever, forever)]
        if isinstance(statement, (cst.Try, cst.TryStar)):
            inner = replace(context, tail_jump=None)
            return [
                Try(
                    self.block(statements_of(statement.body), inner),
                    tuple(Block((self.event(Caught, h), *self.block(statements_of(h.body), inner).items)) for h in statement.handlers),
                    self.suite(statement.orelse, inner),
                    self.suite(statement.finalbody, inner),
                )
            ]
        if isinstance(statement, cst.With):
            nodes = []
            inner = context
            for item in statement.items:
                nodes.extend(self.expression(item.item, context))
                accelerator = self.accumulate_context(item.item, context)
                if accelerator is not None:
                    # Entering `accumulate()` decides this iteration's `sync_gradients`.
                    nodes.append(self.rebind(item.item, context.naming.stored(self.sync_flag(accelerator))))
                    inner = replace(inner, accelerate=True, gated=accelerator)
                if state_events.disables_grad(item.item):
                    inner = replace(inner, no_grad=True)
                if item.asname is not None:
                    nodes.append(self.rebind(item.asname.name, context.naming.stored(item.asname.name)))
            body = self.block(statements_of(statement.body), inner)
            return [*nodes, body]
        if isinstance(statement, cst.Match):
            return self.match_statement(statement, context)
        return []  # def, class, and anything without lifecycle events

    def suite(self, suite: cst.CSTNode | None, context: Context) -> Block:
        if suite is None:
            return Block(())
        return self.block(statements_of(suite.body), context)

    def if_statement(self, statement: cst.If, context: Context) -> list[Node]:
        test_events = self.expression(statement.test, context)
        condition = condition_of(statement.test, context.naming)
        if isinstance(condition, bool):  # decided by literal arguments: only one arm runs
            if condition:
                return [*test_events, self.block(statements_of(statement.body), context)]
            if isinstance(statement.orelse, cst.If):
                return [*test_events, *self.if_statement(statement.orelse, context)]
            return [*test_events, self.suite(statement.orelse, context)]
        stage_test = tests_scaler_stage(statement.test)
        then_context = replace(context, conditions=(*context.conditions, (statement.test, True)))
        then = self.block(statements_of(statement.body), replace(then_context, stage_checked=True) if stage_test else then_context)
        if stage_test and statement.orelse is None and all(isinstance(e, Unscale) for e in events_in(then)):
            # `if stage is not OptState.UNSCALED: scaler.unscale_(opt)`: unscaled afterwards on every path, never twice.
            return [*test_events, then]
        if (
            statement.orelse is None
            and mentions_grad_none_check(statement.test)
            and all(isinstance(e, (Clear, GradAccess)) for e in events_in(then))
        ):
            # `if p.grad is not None: p.grad.zero_()`: a None gradient is already clear.
            return [*test_events, then]
        else_context = replace(context, conditions=(*context.conditions, (statement.test, False)))
        if isinstance(statement.orelse, cst.If):
            orelse = Block(tuple(self.if_statement(statement.orelse, else_context)))
        else:
            orelse = self.suite(statement.orelse, else_context)
        return [*test_events, Branch(statement.test, guard_of(statement.test, context.resolver), then, orelse, statement, False, condition)]

    def match_statement(self, statement: cst.Match, context: Context) -> list[Node]:
        nodes: list[Node] = [*self.expression(statement.subject, context)]
        tail: Block = Block(())
        for case in reversed(statement.cases):
            arm = self.block(statements_of(case.body), context)
            tail = Block((Branch(None, Guard.OTHER, arm, tail, case),))
        return [*nodes, tail]

    def small_statement(self, statement: cst.BaseSmallStatement, context: Context) -> list[Node]:
        if isinstance(statement, cst.Expr):
            return self.expression(statement.value, context)
        if isinstance(statement, (cst.Assign, cst.AnnAssign, cst.AugAssign)):
            return self.assignment(statement, context)
        if isinstance(statement, cst.Return):
            value = self.expression(statement.value, context) if statement.value else []
            return [*value, Jump("return")]
        if isinstance(statement, cst.Raise):
            value = self.expression(statement.exc, context) if statement.exc else []
            return [*value, Jump("return")]
        if isinstance(statement, cst.Break):
            return [Jump("break")]
        if isinstance(statement, cst.Continue):
            return [Jump("continue")]
        if isinstance(statement, cst.Assert):
            return self.expression(statement.test, context)
        return []

    def assignment(self, statement: cst.Assign | cst.AnnAssign | cst.AugAssign, context: Context) -> list[Node]:
        value = statement.value
        nodes = self.expression(value, context) if value is not None else []
        targets = [t.target for t in statement.targets] if isinstance(statement, cst.Assign) else [statement.target]
        if isinstance(value, cst.Call) and self.is_scale_call(value, context):
            self.scaled_under[value] = context.conditions
        if self.reads:
            nodes.extend(e for t in targets for e in self.grad_accesses(t, context))  # `p.grad += g`, `p.grad.data = ...`
            nodes.extend(self.freeze(t.value, value, statement, context) for t in targets if is_requires_grad(t, value))
            # `model.fc = nn.Linear(...)` after freezing the model: a new part, requiring grad.
            nodes.extend(
                self.event(Freeze, statement, key=context.resolver.canonical(t), frozen=False)
                for t in targets if isinstance(t, cst.Attribute) and isinstance(value, cst.Call) and t.attr.value not in {"grad", "requires_grad"}
            )
        names = frozenset(code_of(n) for t in targets for n in assigned_names(t))
        if isinstance(value, cst.Call) and (
            (is_optimizer_construction(value) and not self.over_lasting_model(value, context))
            or builds_model_and_optimizer(value, context.resolver)
            or hands_back_an_unknown_optimizer(value, targets, context.resolver)
        ):
            # A new optimizer, most often over a new model: its gradients start from None.
            nodes.append(self.event(Clear, statement, target=ClearTarget("fresh", None), set_to_none=None))
        if value is not None and len(targets) == 1:
            nodes.extend(self.optimizer_built(targets[0], value, context))
        accumulated = state_events.accumulation(statement)
        if accumulated is not None:
            nodes.extend(self.accumulate(statement, *accumulated, context))
        for target in targets:
            if not (isinstance(target, cst.Attribute) and ".grad." in f"{code_of(target)}."):
                continue  # only `p.grad = ...` and `p.grad.data = ...` write gradients
            if isinstance(value, cst.Name) and value.value == "None" and target.attr.value == "grad":
                nodes.append(self.event(Clear, statement, target=self.parameter_clear_target(target.value, context), set_to_none=True))
            elif value is not None:
                nodes.append(self.event(GradWrite, statement))
        if names:
            uses = frozenset(code_of(n) for n in used_names(value)) if value is not None else frozenset()
            nodes.append(
                self.event(
                    Assign, statement, names=names, uses=uses, scope=context.function, callees=callees_of(value),
                    no_grad=context.no_grad,
                )
            )
        stored = {key for target in targets for key in context.naming.stored(target)}
        if stored:
            nodes.append(self.assigned_value(statement, stored, context))
        return nodes

    def assigned_value(self, statement: cst.Assign | cst.AnnAssign | cst.AugAssign, stored: set[str], context: Context) -> Event:
        """The Rebind of an assignment, with what it says about counters and flags."""
        value = statement.value
        if value is None:
            return self.rebind(statement, stored)
        if isinstance(statement, cst.AugAssign):
            steps = isinstance(statement.operator, (cst.AddAssign, cst.SubtractAssign))
            counts = steps and (literal_of(value) is not None or context.naming.chain(value) is not None)
            resets = isinstance(statement.operator, cst.ModuloAssign)
            return self.rebind(statement, stored, counts=counts, resets=resets, totals=steps and not counts)
        derives = reads_of_value(value, context.naming)
        test = condition_of(value, context.naming) if isinstance(value, (cst.Comparison, cst.BooleanOperation, cst.UnaryOperation)) else None
        counts = isinstance(value, cst.BinaryOperation) and bool(stored & derives)  # `step = step + 1`
        wraps = counts and isinstance(value.operator, cst.Modulo)  # `micro = (micro + 1) % n`
        literal = literal_of(value)
        truth = {"True": True, "False": False}.get(literal or "") if len(stored) == 1 else None
        return self.rebind(statement, stored, counts, literal is not None or wraps, derives, test, truth=truth)

    @staticmethod
    def over_lasting_model(construction: cst.Call, context: Context) -> bool:
        """An optimizer built in a loop over a model that loop never rebuilds: its `.grad` is the model's, not new."""
        if context.loop_rebinds is None:
            return False
        params = next((a.value for a in construction.args if a.keyword is None), None)
        params = next((a.value for a in construction.args if a.keyword and a.keyword.value == "params"), params)
        owners = context.resolver.parameter_owners(params) if params is not None else frozenset()
        return bool(owners) and not any(
            owner == name or owner.startswith((name + ".", name + "[")) for owner in owners for name in context.loop_rebinds
        )

    def rebind(
        self, node: cst.CSTNode, names, counts: bool = False, resets: bool = False, derives=frozenset(), test=None,
        totals: bool = False, truth: bool | None = None,
    ) -> Event:
        # No text: a rebinding is never shown, and rendering every assignment twice costs.
        return Rebind(next(self.ids), node, "", frozenset(names), counts, resets, derives, test, totals, truth)

    def loop_targets(self, statement: cst.For, context: Context) -> list[Node]:
        """Each iteration binds the loop's target anew; the index of `enumerate` and a `range` target count."""
        iterable = statement.iter
        while (
            isinstance(iterable, cst.Call) and iterable.args and isinstance(iterable.args[0].value, cst.Call)
            and not counting_iterable(iterable) and (dotted_name(iterable.func) or "").rsplit(".", 1)[-1] not in PAIRING
        ):
            iterable = iterable.args[0].value  # tqdm(enumerate(loader)), list(range(n)); not zip(range(n), loader)
        counters: set[str] = set()
        if isinstance(iterable, cst.Call) and counting_iterable(iterable):
            counters = set(context.naming.stored(statement.target))
        elif isinstance(iterable, cst.Call) and dotted_name(iterable.func) == "enumerate" and isinstance(statement.target, cst.Tuple):
            counters = set(context.naming.stored(statement.target.elements[0].value))
        others = set(context.naming.stored(statement.target)) - counters
        found = [self.rebind(statement.target, counters, True)] if counters else []
        return found + ([self.rebind(statement.target, others)] if others else [])

    # Expressions ------------------------------------------------------------

    def expression(self, expression: cst.CSTNode | None, context: Context) -> list[Node]:
        if expression is None:
            return []
        collector = _CallCollector(self, context)
        expression.visit(collector)
        return collector.nodes

    def event(self, kind: type[Event], node: cst.CSTNode, **fields) -> Event:
        text = one_line(source_of(node))
        return kind(id=next(self.ids), node=node, text=text if len(text) <= 60 else text[:57] + "...", **fields)

    def call(self, call: cst.Call, context: Context) -> list[Node]:
        """The events of one call, its arguments' events already emitted."""
        func = call.func
        resolver = context.resolver
        positional = [a.value for a in call.args if a.keyword is None and not a.star]
        if isinstance(func, cst.Name):
            if func.value in CLIP_FUNCTIONS | NORM_FUNCTIONS:
                return [self.clip(call, func.value, False)]
            function = self.index.function(context.function, func.value)
            if function is None and CLEAR_HELPER.search(func.value):
                # `zero_grad(params)` imported from elsewhere: a clear of unknown coverage.
                return [self.event(Clear, call, target=ClearTarget("unknown", None), set_to_none=None)]
            if function is None and (changed := state_events.state_change_target(call)) is not None:
                return [self.event(StateLoad, call, target=resolver.canonical(changed))]
            return self.inline_call(call, function, context) if function is not None else self.opaque_update(call, context)
        if not isinstance(func, cst.Attribute):
            return []
        attr, receiver = func.attr.value, func.value
        if attr == "backward":
            return self.backward(call, receiver, positional, context)
        if attr == "manual_backward" and positional:
            return [self.event(Backward, call, scaled=False, scaler=None, normalises=False, loss=positional[0], scope=context.function)]
        if attr == "zero_grad":
            return self.wrap_accelerate(self.zero_grad(call, receiver, context), context)
        if attr == "step":
            return self.step(call, receiver, positional, context)
        if attr in {"unscale_", "update"} and resolver.role(receiver) is Role.SCALER:
            if attr == "update":
                return [self.event(Update, call, scaler=resolver.canonical(receiver))]
            if positional:
                optimizer = self.optimizer_key(positional[0], resolver)
                return [self.event(Unscale, call, optimizer=optimizer, scaler=resolver.canonical(receiver), checked=context.stage_checked)]
            return []
        if attr in CLIP_FUNCTIONS | NORM_FUNCTIONS:
            return [self.clip(call, attr, resolver.role(receiver) is Role.ACCELERATOR)]
        if attr == "zero_" and ".grad" in code_of(receiver):
            return [self.event(Clear, call, target=self.parameter_clear_target(grad_owner(receiver), context), set_to_none=False)]
        if attr == "copy_" and code_of(receiver).endswith((".grad", ".grad.data")):
            return [self.event(GradWrite, call)]
        if attr == "requires_grad_" and self.reads:
            flag = positional[0] if positional else next((a.value for a in call.args if a.keyword and a.keyword.value == "requires_grad"), None)
            return [self.freeze(receiver, flag, call, context)]
        method = None
        if isinstance(receiver, cst.Name) and receiver.value == "self":
            method = self.method_of_self(attr, context)
        elif isinstance(receiver, cst.Call) and code_of(receiver.func) == "super":
            method = self.method_of_base(attr, context)
        if method is not None:
            return self.inline_call(call, method, context, drop_self=True)
        if CLEAR_HELPER.search(attr):
            # `self.reset_grad()` from a base class elsewhere, `utils.zero_grad(model)`: unknown coverage.
            return [self.event(Clear, call, target=ClearTarget("unknown", None), set_to_none=None)]
        if (changed := state_events.state_change_target(call)) is not None:
            return [self.event(StateLoad, call, target=resolver.canonical(changed))]
        if (appended := state_events.appended(call)) is not None:
            return self.accumulate(call, *appended, context)
        return self.opaque_update(call, context)

    def opaque_update(self, call: cst.Call, context: Context) -> list[Node]:
        """A call we cannot see into that is handed the loss and an optimizer (`loss_scaler(loss, optimizer, ...)`,
        timm's NativeScaler): it may backward and step, so the gradients after it are of unknown origin."""
        arguments = [a.value for a in call.args]
        hands_loss = any("loss" in (last_name(a) or "").lower() for a in arguments if isinstance(a, (cst.Name, cst.Attribute)))
        if hands_loss and any(context.resolver.role(a) is Role.OPTIMIZER for a in arguments):
            return [self.event(GradWrite, call)]
        return []

    def grad_access(self, node: cst.Attribute, context: Context, local: Mapping[str, cst.BaseExpression]) -> Event:
        """`p.grad`, `p` resolved through the loops and comprehensions around it (`local`: the comprehensions')."""
        parameter = node.value
        elements = {**context.elements, **local}
        target = self.parameter_clear_target(parameter, context, elements)
        collection = parameter_collection(parameter, elements, context.resolver)
        origin = context.resolver.collection_origin(collection, elements) if collection is not None else None
        container, ordinal = self.grad_position(node, context.function)
        return self.event(GradAccess, node, target=target, origin=origin, container=container, ordinal=ordinal)

    def grad_position(self, node: cst.Attribute, container: Container) -> tuple[int, int]:
        """(container number, k) for the k-th `name.grad` of the container's own code (see GradRead)."""
        if container not in self._grad_order:
            number = next(i for i, root in enumerate(self.index.roots) if root is container)
            own = own_grad_attributes(container)
            self._grad_order[container] = (number, {a: k for k, a in enumerate(own)})
            self.grad_names[number] = tuple(a.value.value for a in own)  # type: ignore[attr-defined]
        number, order = self._grad_order[container]
        return number, order.get(node, -1)

    def grad_accesses(self, expression: cst.CSTNode, context: Context) -> list[Event]:
        return [self.grad_access(node, context, {}) for node in grad_attributes(expression)]

    def freeze(self, owner: cst.BaseExpression, flag: cst.BaseExpression | None, node: cst.CSTNode, context: Context) -> Event:
        """`owner.requires_grad_(flag)` or `owner.requires_grad = flag`; a flag that is not literally False unfreezes."""
        target = self.parameter_clear_target(owner, context)
        element = parameter_collection(owner, context.elements, context.resolver) is not None  # `p` of an unknown collection
        key = target.key if target.kind == "model" else None if element else context.resolver.canonical(owner)
        frozen = flag is not None and code_of(flag) in {"False", "0"}
        return self.event(Freeze, node, key=key, frozen=frozen)

    def method_of_base(self, name: str, context: Context) -> cst.FunctionDef | None:
        owner = self.index.owner_class(context.function)
        for base in owner.bases if owner is not None else ():
            cls = self.index.classes.get(base.value.value) if isinstance(base.value, cst.Name) else None
            method = self.index.method(cls, name) if cls is not None else None
            if method is not None:
                return method
        return None

    def clip(self, call: cst.Call, name: str, unscales_itself: bool) -> Event:
        return self.event(Clip, call, unscales_itself=unscales_itself, measures_only=name in NORM_FUNCTIONS)

    def backward(self, call: cst.Call, receiver: cst.BaseExpression, positional: list, context: Context) -> list[Node]:
        dotted = dotted_name(receiver) or ""
        if DISTRIBUTED_AUTOGRAD.search(dotted):
            return self.distributed_backward(call, positional, context)
        scaling = self.scaler_call(receiver, context)
        scaled = scaling is not None
        if scaling is not None:
            scale_arguments = [a.value for a in scaling.args if a.keyword is None]
            loss = scale_arguments[0] if scale_arguments else None
        elif positional and (dotted in {"torch.autograd", "autograd"} or LOSS_ARGUMENT_RECEIVERS.search(last_name(receiver) or "")):
            loss = positional[0]
        else:
            loss = receiver
        scaler = context.resolver.canonical(scaling.func.value) if scaling is not None else None
        accelerator = context.resolver.role(receiver) is Role.ACCELERATOR
        normalises = accelerator and self.accumulating_accelerator(receiver, context)
        unused = self.configured_accumulation(receiver, context) if accelerator and context.gated is None else None
        fields = dict(normalises=normalises, loss=loss, scope=context.function, unused_accumulation=unused)
        backward = self.event(Backward, call, scaled=scaled, scaler=scaler, **fields)
        arm = self.scaling_arm(scaling, context) if scaling is not None else None
        if arm is None:
            return [backward]
        # `if amp: loss = scaler.scale(loss)` then `loss.backward()`: scaled only when that arm was taken.
        test, truth = arm
        plain = self.event(Backward, call, scaled=False, scaler=None, **fields)
        return [
            Branch(test, guard_of(test, context.resolver), Block((backward,)), Block((plain,)), None, not truth, condition_of(test, context.naming))
        ]

    def is_scale_call(self, node: cst.Call, context: Context) -> bool:
        return (
            isinstance(node.func, cst.Attribute) and node.func.attr.value == "scale"
            and context.resolver.role(node.func.value) is Role.SCALER
        )

    def scaling_arm(self, scaling: cst.Call, context: Context) -> tuple[cst.BaseExpression, bool] | None:
        """The `if` arm a loss was scaled in, when the backward is not in that arm too."""
        arms = self.scaled_under.get(scaling, ())
        outside = [arm for arm in arms if not any(arm[0] is test and arm[1] == truth for test, truth in context.conditions)]
        return outside[-1] if outside else None

    def distributed_backward(self, call: cst.Call, positional: list, context: Context) -> list[Node]:
        """`dist_autograd.backward(context_id, [loss])`: gradients go to the context, for the optimizer stepped with it."""
        if len(positional) < 2:
            return []
        losses = positional[1]
        loss = losses.elements[0].value if isinstance(losses, (cst.List, cst.Tuple)) and losses.elements else losses
        return [
            self.event(Backward, call, scaled=False, scaler=None, normalises=False, loss=loss, scope=context.function, distributed=True)
        ]

    def scaler_call(self, node: cst.BaseExpression, context: Context) -> cst.Call | None:
        """`scaler.scale(loss)`, written in place or bound to the name being backwarded."""
        if not isinstance(node, cst.Name):
            return self.scale_call_among([node], context)
        # The same for every backward of the name: kept, as `roles.by_receiver` keeps the resolver's answers.
        key = ("scaler_call", node.value)
        if key not in context.resolver.answers:
            bound = [b.value for b in context.resolver.bindings(node.value) if b.value is not None]
            context.resolver.answers[key] = self.scale_call_among(bound, context)
        return context.resolver.answers[key]

    def scale_call_among(self, candidates: list[cst.BaseExpression], context: Context) -> cst.Call | None:
        for candidate in candidates:
            if (
                isinstance(candidate, cst.Call)
                and isinstance(candidate.func, cst.Attribute)
                and candidate.func.attr.value == "scale"
                and context.resolver.role(candidate.func.value) is Role.SCALER
            ):
                return candidate
        return None

    def accumulating_accelerator(self, receiver: cst.BaseExpression, context: Context) -> bool:
        """`accelerator.backward` divides by `gradient_accumulation_steps`: set, or unknown, counts as yes."""
        if context.accelerate or last_name(receiver) == "fabric":
            return context.accelerate
        key = code_of(receiver) if isinstance(receiver, (cst.Name, cst.Attribute)) else None
        built = [b.value for b in context.resolver.bindings(key)] if key else []
        if not built or not all(isinstance(value, cst.Call) for value in built):
            return True
        return any(a.keyword is not None and a.keyword.value == "gradient_accumulation_steps" for v in built for a in v.args)

    def configured_accumulation(self, receiver: cst.BaseExpression, context: Context) -> str | None:
        """N of `Accelerator(gradient_accumulation_steps=N)` (or of its plugin's `num_steps=N`), where every
        construction of the receiver sets it and N is not 1."""
        key = code_of(receiver) if isinstance(receiver, (cst.Name, cst.Attribute)) else None
        built = [b.value for b in context.resolver.bindings(key)] if key else []
        if any(isinstance(v, cst.Call) and any(a.keyword and "deepspeed" in a.keyword.value for a in v.args) for v in built):
            return None  # DeepSpeed's engine accumulates by itself, `accumulate()` or not
        found = {accumulation_steps(value) for value in built}
        if len(found) != 1 or None in found:
            return None
        steps = found.pop()
        return steps if steps not in {"1", "None"} else None

    def zero_grad(self, call: cst.Call, receiver: cst.BaseExpression, context: Context) -> Event:
        resolver = context.resolver
        role = resolver.role(receiver)
        if role is Role.OPTIMIZER:
            target = ClearTarget("optimizer", self.optimizer_key(receiver, resolver))
        elif role in {Role.ENGINE, Role.ACCELERATOR, Role.SCALER}:
            target = ClearTarget("unknown", None)
        else:
            target = ClearTarget("model", resolver.canonical(receiver))
        return self.event(Clear, call, target=target, set_to_none=set_to_none_of(call))

    def step(self, call: cst.Call, receiver: cst.BaseExpression, positional: list, context: Context) -> list[Node]:
        resolver = context.resolver
        scheduled = state_events.scheduler_step(call, receiver, resolver)
        if scheduled is not None:
            return [self.event(SchedulerStep, call, scheduler=scheduled[0], optimizer=scheduled[1])]
        role = resolver.role(receiver)
        if role is Role.SCALER:
            if not positional:
                return []
            step = self.event(
                Step, call, optimizer=self.optimizer_key(positional[0], resolver), via_scaler=True,
                scaler=resolver.canonical(receiver),
            )
            return self.wrap_accelerate(step, context)
        if role is not Role.OPTIMIZER:
            # `self.step(batch)`: the class's own method doing the work, inlined like any other of its helpers.
            method = self.method_of_self("step", context) if code_of(receiver) == "self" else None
            if method is not None:
                return self.inline_call(call, method, context, drop_self=True)
            return []  # schedulers, environments, EMA, profilers, engines that clear for themselves
        nodes: list[Node] = [
            replace(n, closure=True) if isinstance(n, Inlined) else n
            for closure in self.closures_of(call, positional, context) for n in self.inline_callable(closure, context)
        ]
        if len(positional) > 1:
            return nodes  # `optimizer.step(p, grad, options=...)`: not torch.optim's step; its closure still runs
        backward_inside = any(isinstance(e, Backward) for n in nodes for e in events_in(n))
        step = self.event(
            Step, call, optimizer=self.optimizer_key(receiver, resolver), via_scaler=False, scaler=None, closure=backward_inside
        )
        if self.steps_a_context(receiver, positional, context):
            # A DistributedOptimizer applies the gradients of one dist_autograd context; the next context starts empty.
            fresh = self.event(Clear, call, target=ClearTarget("optimizer", step.optimizer), set_to_none=None)
            return [*nodes, step, fresh]
        return [*nodes, *self.wrap_accelerate(step, context)]

    def next_elements(self, target: cst.BaseExpression, body: Block, context: Context) -> list[Event]:
        """`for opt in optimizers:` each pass unscales and steps another optimizer than the pass before."""
        names = [n for n in assigned_names(target) if isinstance(n, cst.Name)]
        optimizers = [n for n in names if context.resolver.role(n) is Role.OPTIMIZER]
        inside = frozenset(e.id for e in events_in(body))
        found: list[Event] = [
            self.event(NextElement, target, key=self.optimizer_key(n, context.resolver), inside=inside) for n in optimizers
        ]
        if self.reads:  # `for p in model.parameters(): ...; p.grad = None` sets one parameter's gradient per pass
            own = {n.value for n in names if n not in optimizers}
            cleared = frozenset(e.id for e in events_in(body) if isinstance(e, Clear) and clears_grad_of(e.node) in own)
            if cleared:
                found.append(self.event(NextParameter, target, cleared=cleared))
        return found

    def optimizer_built(self, target: cst.BaseExpression, value: cst.BaseExpression, context: Context) -> list[Node]:
        """`opt = Adam(model.parameters())`, or a factory of the file returning such a construction."""
        found = state_events.optimizer_construction(value, context.resolver) if isinstance(target, (cst.Name, cst.Attribute)) else None
        if found is None:
            return []
        construction, resolver = found
        params = state_events.parameters_argument(construction)
        return [
            self.event(
                OptimizerBuilt, construction,
                optimizer=context.resolver.canonical(target),
                site=value,
                stateful=state_events.keeps_state(construction, resolver),
                models=resolver.parameter_owners(params) if params is not None else frozenset(),
                reads=state_events.reads(params, resolver) if params is not None else frozenset(),
            )
        ]

    def accumulate(self, node: cst.CSTNode, target: cst.BaseExpression, added: cst.BaseExpression, context: Context) -> list[Node]:
        values = state_events.live_names(added)
        call = added if isinstance(added, cst.Call) and not values else None
        if not values and call is None:
            return []
        return [
            self.event(
                Accumulate, node, target=code_of(target), values=values, no_grad=context.no_grad, scope=context.function,
                call=call,
            )
        ]

    @staticmethod
    def closures_of(call: cst.Call, positional: list, context: Context) -> list[cst.BaseExpression]:
        """`step(closure)`, `step(closure=...)`, or a closure in an options dict (`step(p, g, options={"closure": f})`)."""
        found = [positional[0]] if len(positional) == 1 else []
        for argument in call.args:
            value = argument.value
            if argument.keyword is not None and argument.keyword.value == "closure":
                found.append(value)
                continue
            bound = context.resolver.value_of(value) if isinstance(value, cst.Name) else value
            if isinstance(bound, cst.Dict):
                found += [
                    e.value for e in bound.elements
                    if isinstance(e, cst.DictElement) and literal_of(e.key) == repr("closure")
                ]
        return found

    @staticmethod
    def steps_a_context(receiver: cst.BaseExpression, positional: list, context: Context) -> bool:
        """`dist_optim.step(context_id)` of torch's `DistributedOptimizer`: the step names the context it applies
        (a ZeRO `ZeroDistributedOptimizer` or Horovod's `hvd.DistributedOptimizer` steps local gradients)."""
        built = context.resolver.constructor_of(receiver)
        if built is not None and last_name(built.func) == "DistributedOptimizer" and positional:
            return True
        bound = context.resolver.value_of(positional[0]) if positional else None
        return isinstance(bound, cst.Call) and (dotted_name(bound.func) or "").endswith("autograd.context")

    def wrap_accelerate(self, event: Event, context: Context) -> list[Node]:
        """Where `accelerator.accumulate()` is used, a prepared optimizer steps and clears only on sync steps.

        `AcceleratedOptimizer.step` and `.zero_grad` test the one global `sync_gradients`, set when
        `accumulate()` is entered, so every optimizer step and clear in the loop or function that
        enters it is guarded. Inside the `with` block the test is this iteration's: those events
        take the same branch (a clear before the step there discards everything on the sync step).
        Before or after the block the value may be the previous iteration's, and the branch is left
        uncorrelated. A model's own `zero_grad` is not gated.
        """
        optimizer_event = isinstance(event, Step) or (isinstance(event, Clear) and event.target.kind == "optimizer")
        if context.gated is None or not optimizer_event or self.never_prepared(event, context):
            return [event]
        test = self.sync_flag(context.gated) if context.accelerate else None
        condition = condition_of(test, context.naming) if test is not None else None
        return [Branch(test, Guard.ACCELERATE, Block((event,)), Block(()), None, False, condition)]

    @staticmethod
    def never_prepared(event: Event, context: Context) -> bool:
        """An optimizer visibly built by its class and never handed to `prepare()`: Accelerate does not gate it."""
        call = event.node
        receiver = call.func.value if isinstance(call, cst.Call) and isinstance(call.func, cst.Attribute) else None
        return receiver is not None and context.resolver.plainly_built(receiver)

    def sync_flag(self, accelerator: str) -> cst.BaseExpression:
        """`accelerator.sync_gradients`, the test Accelerate's gating amounts to."""
        return cst.parse_expression(f"{accelerator}.sync_gradients")

    def accumulate_context(self, item: cst.BaseExpression, context: Context) -> str | None:
        """The accelerator of `with accelerator.accumulate(model):`, as a key."""
        if (
            isinstance(item, cst.Call)
            and isinstance(item.func, cst.Attribute)
            and item.func.attr.value == "accumulate"
            and context.resolver.role(item.func.value) is Role.ACCELERATOR
        ):
            return context.resolver.canonical(item.func.value)
        return None

    def accumulating_in(self, statements: Sequence[cst.CSTNode], context: Context) -> str | None:
        """The accelerator whose `accumulate()` these statements enter (nested defs aside), if any."""
        for statement in statements:
            if isinstance(statement, cst.With):
                found = next(filter(None, (self.accumulate_context(item.item, context) for item in statement.items)), None)
                if found is not None:
                    return found
            for suite in suites(statement):
                found = self.accumulating_in(suite, context)
                if found is not None:
                    return found
        return None

    def loop_context(self, loop: cst.For | cst.While, context: Context) -> Context:
        body = statements_of(loop.body)
        inner = replace(
            context, tail_jump="continue", gated=context.gated or self.accumulating_in(body, context), loop_rebinds=self.loop_rebinds(loop)
        )
        if self.reads and isinstance(loop, cst.For):
            inner = replace(inner, elements={**context.elements, **loop_elements(loop.target, loop.iter)})
        return inner

    def parameter_clear_target(
        self, parameter: cst.BaseExpression, context: Context, elements: Mapping[str, cst.BaseExpression] | None = None
    ) -> ClearTarget:
        """`p.grad = None` for p in model.parameters() clears that model; over param_groups, that optimizer."""
        elements = context.elements if elements is None else elements
        collection = parameter_collection(parameter, elements, context.resolver)
        found = context.resolver.parameters_of(collection, elements) if collection is not None else None
        return ClearTarget(*found) if found is not None else collection_target(context.resolver.canonical(parameter))

    # Helpers ----------------------------------------------------------------

    def inline_callable(self, node: cst.BaseExpression, context: Context) -> list[Node]:
        """A closure handed to `step()`: a def, a lambda, or functools.partial of a def."""
        if isinstance(node, cst.Lambda):
            return self.expression(node.body, context)
        if isinstance(node, cst.Name):
            function = self.index.function(context.function, node.value)
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
                return self.inline_call(node, self.index.function(context.function, target.value), context, skip=1)
            if isinstance(target, cst.Attribute) and code_of(target.value) == "self":
                return self.inline_call(node, self.method_of_self(target.attr.value, context), context, drop_self=True, skip=1)
        return []

    def method_of_self(self, name: str, context: Context) -> cst.FunctionDef | None:
        owner = self.index.owner_class(context.function)
        return self.index.method(owner, name) if owner is not None else None

    def inline_call(
        self, call: cst.Call, function: cst.FunctionDef | None, context: Context, drop_self: bool = False, skip: int = 0
    ) -> list[Node]:
        """Inline a helper, its parameters bound to the call's arguments (`skip` leading ones are not arguments)."""
        if function is None:
            return []
        params = function.params
        parameters = [p.name.value for p in [*params.posonly_params, *params.params]]
        if drop_self and parameters:
            parameters = parameters[1:]
        keyword_only = {p.name.value for p in params.kwonly_params}
        overlay: dict[str, str] = {}
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
        local = self.locals_of(function)
        reassigned = self.assigned_in(function)
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
        parent = self.index.enclosing.get(function)
        outer = next((naming for owner, naming in reversed(context.instances) if owner is parent), None)
        if outer is None and parent is context.stack[0]:
            outer = ROOT_NAMING
        return Naming(str(next(self.ids)), local, params, constants, outer)

    @staticmethod
    def literal_argument(argument: cst.BaseExpression, context: Context) -> str | None:
        if isinstance(argument, cst.Name) and argument.value in context.naming.constants:
            return context.naming.constants[argument.value]  # a literal handed on by the caller
        return literal_of(argument)

    def locals_of(self, function: cst.FunctionDef) -> frozenset[str]:
        """Python's locals of a function: its parameters and every name it assigns."""
        if function not in self._locals:
            params = function.params
            names = {p.name.value for p in [*params.posonly_params, *params.params, *params.kwonly_params]}
            names |= {p.name.value for p in (params.star_arg, params.star_kwarg) if isinstance(p, cst.Param)}
            self._locals[function] = frozenset(names) | self.assigned_in(function)
        return self._locals[function]

    def assigned_in(self, function: cst.FunctionDef) -> frozenset[str]:
        bound = self.bindings(function)
        return frozenset(bound.names - bound.declared_elsewhere)

    def bindings(self, node: cst.FunctionDef | cst.For | cst.While) -> "_Bindings":
        if node not in self._bound:
            self._bound[node] = _Bindings(statements_of(node.body) if isinstance(node, cst.FunctionDef) else [node])
        return self._bound[node]

    def loop_rebinds(self, loop: cst.For | cst.While) -> frozenset[str]:
        """The names and attributes a loop (re)binds, its target included: `model`, `self.net`, `learner`."""
        return frozenset(code_of(target) for target in self.bindings(loop).targets)

    def inline_body(
        self, call: cst.CSTNode, function: cst.FunctionDef, context: Context, overlay, roles, arguments=None, naming: Naming | None = None
    ) -> list[Node]:
        if function in context.stack or len(context.stack) > MAX_INLINE_DEPTH:
            return []
        naming = naming or self.naming_for(function, context, [], {}, None)
        inner = Context(
            self.index.resolver_for(function, overlay, roles, arguments),
            function,
            (*context.stack, function),
            "return",
            accelerate=context.accelerate,
            naming=naming,
            instances=(*context.instances, (function, naming)),
            no_grad=context.no_grad or state_events.function_disables_grad(function),
        )
        body = statements_of(function.body)
        inner = replace(inner, gated=context.gated or self.accumulating_in(body, inner))
        params = [p.name.value for p in [*function.params.posonly_params, *function.params.params, *function.params.kwonly_params]]
        fresh = {naming.key(name) for name in params if name not in naming.params and name not in naming.constants}
        entry = [self.rebind(call, fresh)] if fresh else []
        return [Inlined(call, function, Block((*entry, *self.block(body, inner).items)))]


def accumulation_steps(value: cst.BaseExpression | None) -> str | None:
    """`N` in `Accelerator(gradient_accumulation_steps=N)` or `Accelerator(gradient_accumulation_plugin=
    GradientAccumulationPlugin(num_steps=N))`, as written."""
    if not isinstance(value, cst.Call):
        return None
    for argument in value.args:
        keyword = argument.keyword.value if argument.keyword is not None else None
        if keyword in {"gradient_accumulation_steps", "num_steps"}:
            return code_of(argument.value)
        if keyword == "gradient_accumulation_plugin":
            return accumulation_steps(argument.value)
    return None


def assigned_names(target: cst.BaseExpression) -> list[cst.BaseExpression]:
    """`logits, self.loss = model(x)` binds `logits` and `self.loss`."""
    if isinstance(target, (cst.Tuple, cst.List)):
        return [n for element in target.elements for n in assigned_names(element.value)]
    return [target] if isinstance(target, (cst.Name, cst.Attribute)) else []


def builds_model_and_optimizer(call: cst.Call, resolver: Resolver) -> bool:
    """A function of the file that returns an optimizer it builds over a model it builds too
    (`model = Net(); return model, AdamW(model.parameters())`): each call's gradients start from None."""
    for callee, value in resolver.returned(call, 0):
        local = callee.scopes[0].bindings if callee.scopes else {}
        for element in tuple_elements(value) or [value]:
            if not (isinstance(element, cst.Call) and is_optimizer_construction(element)):
                continue
            params = next((a.value for a in element.args if a.keyword is None), None)
            owners = callee.parameter_owners(params) if params is not None else frozenset()
            if owners and all(owner in local and owner not in callee.overlay for owner in owners):
                return True
    return False


def hands_back_an_unknown_optimizer(call: cst.Call, targets: list[cst.BaseExpression], resolver: Resolver) -> bool:
    """`model, optimizer, ... = get_training_utilities(name)`: a call the file does not define binds an
    optimizer and is handed none (so it wraps none it could hand back): what its gradients hold is unknown,
    and a backward before it is no source of theirs."""
    if resolver.returned(call, 0) or constructor_role(dotted_name(call.func) or "") is not None:
        return False  # a function of the file, a constructor, or a getter such as `self.optimizers()`: known
    if any(resolver.role(argument.value) is Role.OPTIMIZER for argument in call.args):
        return False
    return any(resolver.role(name) is Role.OPTIMIZER for target in targets for name in assigned_names(target))


def is_optimizer_construction(call: cst.Call) -> bool:
    """`torch.optim.Adam(...)`, `Lion(...)`: a class, not a factory or `self.optimizers()`."""
    callee = dotted_name(call.func) or ""
    last = callee.rsplit(".", 1)[-1]
    return last[:1].isupper() and constructor_role(callee) is Role.OPTIMIZER


def callees_of(value: cst.CSTNode | None) -> frozenset[str]:
    found: set[str] = set()

    class _Calls(cst.CSTVisitor):
        def visit_Call(self, node: cst.Call) -> None:
            name = dotted_name(node.func)
            if name:
                found.add(name)

    if value is not None:
        value.visit(_Calls())
    return frozenset(found)


def used_names(value: cst.CSTNode) -> list[cst.Name]:
    """The names a value reads as data (not the functions it calls, not attribute names)."""
    found: list[cst.Name] = []

    class _Names(cst.CSTVisitor):
        def visit_Name(self, node: cst.Name) -> None:
            found.append(node)

        def visit_Attribute(self, node: cst.Attribute) -> bool:
            if node.attr.value != "data":  # `fake.data`, like `fake.detach()`, carries no graph
                node.value.visit(self)
            return False

        def visit_Call(self, node: cst.Call) -> bool:
            if isinstance(node.func, cst.Attribute) and node.func.attr.value == "detach":
                return False  # `fake.detach()` carries no graph into the loss
            if not isinstance(node.func, cst.Name):
                node.func.visit(self)
            for argument in node.args:
                argument.visit(self)
            return False

    value.visit(_Names())
    return found


def grad_owner(node: cst.BaseExpression) -> cst.BaseExpression:
    """`p` in `p.grad.data`."""
    while isinstance(node, cst.Attribute):
        if node.attr.value == "grad":
            return node.value
        node = node.value
    return node


def parameter_collection(
    parameter: cst.BaseExpression, elements: Mapping[str, cst.BaseExpression], resolver: Resolver
) -> cst.BaseExpression | None:
    """The collection a loop variable ranges over: the innermost loop around it, else its one binding."""
    if not isinstance(parameter, cst.Name):
        return None
    if parameter.value in elements:
        return elements[parameter.value]
    bindings = resolver.bindings(parameter.value)
    return bindings[0].element_of if len(bindings) == 1 else None


def collection_target(collection: str) -> ClearTarget:
    """Whose parameters a collection (as a key) holds: `model.parameters()` a model's, `opt.param_groups[..]["params"]` an optimizer's."""
    match = re.fullmatch(r"(.+)\.(?:named_)?parameters\(.*\)", collection)
    if match:
        return ClearTarget("model", match.group(1))
    match = re.fullmatch(r"(.+)\.param_groups(?:\[.*\])?\[['\"]params['\"]\]", collection)
    if match:
        return ClearTarget("optimizer", match.group(1))
    return ClearTarget("unknown", None)


def own_grad_attributes(container: Container) -> list[cst.Attribute]:
    """Every `name.grad` of a function's body (or the module's), nested defs and classes aside, in source order."""
    found: list[cst.Attribute] = []

    class _Grads(cst.CSTVisitor):
        def visit_FunctionDef(self, node: cst.FunctionDef) -> bool:
            return False

        def visit_ClassDef(self, node: cst.ClassDef) -> bool:
            return False

        def visit_Attribute(self, node: cst.Attribute) -> None:
            if node.attr.value == "grad" and isinstance(node.value, cst.Name):
                found.append(node)

    body = container.body if isinstance(container, cst.Module) else [container.body]
    for statement in body:
        statement.visit(_Grads())
    return found


def clears_grad_of(node: cst.CSTNode) -> str | None:
    """`p` in `p.grad = None`."""
    targets = [t.target for t in node.targets] if isinstance(node, cst.Assign) else []
    for target in targets:
        if isinstance(target, cst.Attribute) and target.attr.value == "grad" and isinstance(target.value, cst.Name):
            return target.value.value
    return None


def grad_attributes(expression: cst.CSTNode) -> list[cst.Attribute]:
    """Every `name.grad` in an expression."""
    found: list[cst.Attribute] = []

    class _Grads(cst.CSTVisitor):
        def visit_Attribute(self, node: cst.Attribute) -> None:
            if node.attr.value == "grad" and isinstance(node.value, cst.Name):
                found.append(node)

    expression.visit(_Grads())
    return found


def is_requires_grad(target: cst.BaseExpression, value: cst.BaseExpression | None) -> bool:
    return isinstance(target, cst.Attribute) and target.attr.value == "requires_grad" and value is not None


def set_to_none_of(call: cst.Call) -> bool | None:
    for argument in call.args:
        if argument.keyword is None or argument.keyword.value == "set_to_none":
            return code_of(argument.value) not in {"False", "0"}
    return None


def counting_iterable(call: cst.Call) -> bool:
    return COUNTING_ITERABLES.search(dotted_name(call.func) or "") is not None


class _Bindings:
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


class _CallCollector(cst.CSTVisitor):
    """Events of an expression in evaluation order: arguments before the call that takes them."""

    def __init__(self, builder: Builder, context: Context) -> None:
        self.builder = builder
        self.context = context
        self.nodes: list[Node] = []
        self.comprehensions: list[dict[str, cst.BaseExpression]] = []  # loop variables of the comprehensions entered

    def visit_Lambda(self, node: cst.Lambda) -> bool:
        return False

    def visit_Attribute(self, node: cst.Attribute) -> None:
        if self.builder.reads and node.attr.value == "grad" and isinstance(node.value, cst.Name):
            local = {name: collection for frame in self.comprehensions for name, collection in frame.items()}
            self.nodes.append(self.builder.grad_access(node, self.context, local))

    def visit_comprehension(self, node: cst.BaseComp) -> None:
        frame: dict[str, cst.BaseExpression] = {}
        for_in: cst.CompFor | None = node.for_in
        while for_in is not None:
            frame.update(loop_elements(for_in.target, for_in.iter))
            for_in = for_in.inner_for_in
        self.comprehensions.append(frame)

    def leave_comprehension(self, original_node: cst.BaseComp) -> None:
        self.comprehensions.pop()

    visit_ListComp = visit_SetComp = visit_GeneratorExp = visit_DictComp = visit_comprehension
    leave_ListComp = leave_SetComp = leave_GeneratorExp = leave_DictComp = leave_comprehension

    def leave_NamedExpr(self, original_node: cst.NamedExpr) -> None:
        stored = set(self.context.naming.stored(original_node.target))
        if stored:
            self.nodes.append(self.builder.rebind(original_node, stored))

    def leave_Call(self, original_node: cst.Call) -> None:
        self.nodes.extend(self.builder.call(original_node, self.context))
