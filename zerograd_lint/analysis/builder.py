"""CST to lifecycle IR: recognises the events and inlines helpers of the same file."""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from itertools import count
from typing import Sequence

import libcst as cst

from zerograd_lint.analysis.index import Container, ModuleIndex
from zerograd_lint.analysis.ir import (
    Assign,
    Backward,
    Block,
    Branch,
    Clear,
    ClearTarget,
    Clip,
    Event,
    GradWrite,
    Guard,
    Inlined,
    Jump,
    Loop,
    Node,
    Step,
    Try,
    Unscale,
    Update,
    events_in,
)
from zerograd_lint.analysis.names import Role, code_of, constructor_role, dotted_name, last_name, one_line
from zerograd_lint.analysis.roles import Resolver

_SOURCE = cst.Module(body=[])
MAX_INLINE_DEPTH = 6
CLIP_FUNCTIONS = frozenset({"clip_grad_norm_", "clip_grad_norm", "clip_grad_value_", "clip_grads_with_norm_"})
NORM_FUNCTIONS = frozenset({"get_total_norm"})
COUNTER_WORDS = re.compile(
    r"accum|sync_grad|is_last|last_batch|last_step|last_iter|should_step|do_step|should_update|do_update"
    r"|update_step|boundary|micro|grad_acc|gradient_acc|optimizer_step|step_now|take_step|update_now|need_update"
)
CLEAR_HELPER = re.compile(r"zero_?grad|clear_?grad|reset_?grad", re.IGNORECASE)
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


def statements_of(body: cst.BaseSuite) -> Sequence[cst.BaseStatement | cst.BaseSmallStatement]:
    if isinstance(body, cst.IndentedBlock):
        return body.body
    return body.body  # SimpleStatementSuite: small statements


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


class Builder:
    def __init__(self, index: ModuleIndex, accelerate_accumulates: bool = False) -> None:
        self.index = index
        self.accelerate_accumulates = accelerate_accumulates
        self.ids = count()
        self.models: dict[str, frozenset[str]] = {}  # optimizer key -> the model it is built from

    def optimizer_key(self, node: cst.BaseExpression, resolver: Resolver) -> str:
        key = resolver.canonical(node)
        models = resolver.optimizer_models(node)
        if models and self.models.get(key, models) == models:
            self.models[key] = models
        elif models:
            self.models[key] = frozenset()  # built differently in different places: unknown
        return key

    def build(self, root: Container) -> Block:
        context = Context(self.index.resolver_for(root), root, (root,), "return")
        body = root.body if isinstance(root, cst.Module) else statements_of(root.body)
        return self.block(body, context)

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
                skipped = self.block(statements_of(statement.body), replace(context, tail_jump=None))
                items.append(
                    Branch(
                        statement.test, guard_of(statement.test, context.resolver), self.block(rest, context), skipped, statement, True
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
            body = self.block(statements_of(statement.body), replace(context, tail_jump="continue"))
            orelse = self.suite(statement.orelse, context)
            return [*self.expression(statement.iter, context), Loop(statement, body, orelse, True, False)]
        if isinstance(statement, cst.While):
            body = self.block(statements_of(statement.body), replace(context, tail_jump="continue"))
            forever = code_of(statement.test) in {"True", "1"}
            orelse = self.suite(statement.orelse, context)
            return [*self.expression(statement.test, context), Loop(statement, body, orelse, forever, forever)]
        if isinstance(statement, (cst.Try, cst.TryStar)):
            inner = replace(context, tail_jump=None)
            return [
                Try(
                    self.block(statements_of(statement.body), inner),
                    tuple(self.block(statements_of(h.body), inner) for h in statement.handlers),
                    self.suite(statement.orelse, inner),
                    self.suite(statement.finalbody, inner),
                )
            ]
        if isinstance(statement, cst.With):
            nodes = []
            accelerate = context.accelerate
            for item in statement.items:
                nodes.extend(self.expression(item.item, context))
                accelerate = accelerate or self.is_accumulate_context(item.item, context)
            body = self.block(statements_of(statement.body), replace(context, accelerate=accelerate))
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
        then = self.block(statements_of(statement.body), context)
        if statement.orelse is None and mentions_grad_none_check(statement.test) and all(isinstance(e, Clear) for e in events_in(then)):
            # `if p.grad is not None: p.grad.zero_()`: a None gradient is already clear.
            return [*test_events, then]
        if isinstance(statement.orelse, cst.If):
            orelse = Block(tuple(self.if_statement(statement.orelse, context)))
        else:
            orelse = self.suite(statement.orelse, context)
        return [*test_events, Branch(statement.test, guard_of(statement.test, context.resolver), then, orelse, statement)]

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
        names = frozenset(code_of(n) for t in targets for n in assigned_names(t))
        if isinstance(value, cst.Call) and is_optimizer_construction(value):
            # A new optimizer, most often over a new model: its gradients start from None.
            nodes.append(self.event(Clear, statement, target=ClearTarget("fresh", None), set_to_none=None))
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
                self.event(Assign, statement, names=names, uses=uses, scope=context.function, callees=callees_of(value))
            )
        return nodes

    # Expressions ------------------------------------------------------------

    def expression(self, expression: cst.CSTNode | None, context: Context) -> list[Node]:
        if expression is None:
            return []
        collector = _CallCollector(self, context)
        expression.visit(collector)
        return collector.nodes

    def event(self, kind: type[Event], node: cst.CSTNode, **fields) -> Event:
        text = one_line(_SOURCE.code_for_node(node))
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
            return self.inline_call(call, function, context)
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
                return [self.event(Unscale, call, optimizer=optimizer, scaler=resolver.canonical(receiver))]
            return []
        if attr in CLIP_FUNCTIONS | NORM_FUNCTIONS:
            return [self.clip(call, attr, resolver.role(receiver) is Role.ACCELERATOR)]
        if attr == "zero_" and ".grad" in code_of(receiver):
            return [self.event(Clear, call, target=self.parameter_clear_target(grad_owner(receiver), context), set_to_none=False)]
        if attr == "copy_" and code_of(receiver).endswith((".grad", ".grad.data")):
            return [self.event(GradWrite, call)]
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
        return []

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
        if "dist_autograd" in dotted:
            return []  # distributed autograd writes its context, not .grad
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
        normalises = context.resolver.role(receiver) is Role.ACCELERATOR and self.accumulating_accelerator(receiver, context)
        return [
            self.event(Backward, call, scaled=scaled, scaler=scaler, normalises=normalises, loss=loss, scope=context.function)
        ]

    def scaler_call(self, node: cst.BaseExpression, context: Context) -> cst.Call | None:
        """`scaler.scale(loss)`, written in place or bound to the name being backwarded."""
        candidates = [node]
        if isinstance(node, cst.Name):
            candidates += [b.value for b in context.resolver.bindings(node.value) if b.value is not None]
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
            return []  # schedulers, environments, EMA, profilers, engines that clear for themselves
        closure = positional[0] if positional else next((a.value for a in call.args if a.keyword and a.keyword.value == "closure"), None)
        nodes: list[Node] = self.inline_callable(closure, context) if closure is not None else []
        nodes = [replace(n, closure=True) if isinstance(n, Inlined) else n for n in nodes]
        backward_inside = any(isinstance(e, Backward) for n in nodes for e in events_in(n))
        step = self.event(
            Step, call, optimizer=self.optimizer_key(receiver, resolver), via_scaler=False, scaler=None, closure=backward_inside
        )
        return [*nodes, *self.wrap_accelerate(step, context)]

    def wrap_accelerate(self, event: Event, context: Context) -> list[Node]:
        """Inside `accelerator.accumulate`, the prepared optimizer steps and clears only on sync steps.

        Its clear checks the sync state wherever it is called, so in a file that
        accumulates with Accelerate every optimizer clear and step counts as guarded.
        """
        optimizer_event = isinstance(event, Step) or (isinstance(event, Clear) and event.target.kind == "optimizer")
        if (context.accelerate or self.accelerate_accumulates) and optimizer_event:
            return [Branch(None, Guard.ACCELERATE, Block((event,)), Block(()), None)]
        return [event]

    def is_accumulate_context(self, item: cst.BaseExpression, context: Context) -> bool:
        return (
            isinstance(item, cst.Call)
            and isinstance(item.func, cst.Attribute)
            and item.func.attr.value == "accumulate"
            and context.resolver.role(item.func.value) is Role.ACCELERATOR
        )

    def parameter_clear_target(self, parameter: cst.BaseExpression, context: Context) -> ClearTarget:
        """`p.grad = None` for p in model.parameters() clears that model; over param_groups, that optimizer."""
        collection = context.resolver.canonical(parameter)
        match = re.fullmatch(r"(.+)\.(?:named_)?parameters\(.*\)", collection)
        if match:
            return ClearTarget("model", match.group(1))
        match = re.fullmatch(r"(.+)\.param_groups(?:\[.*\])?\[['\"]params['\"]\]", collection)
        if match:
            return ClearTarget("optimizer", match.group(1))
        return ClearTarget("unknown", None)

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
        parameters = [p.name.value for p in function.params.params]
        if drop_self and parameters:
            parameters = parameters[1:]
        overlay: dict[str, str] = {}
        roles: dict[str, Role | None] = {}
        positional = [a.value for a in call.args if a.keyword is None and not a.star][skip:]
        keywords = {a.keyword.value: a.value for a in call.args if a.keyword is not None}
        for name, argument in [*zip(parameters, positional), *((k, v) for k, v in keywords.items() if k in parameters)]:
            overlay[name] = context.resolver.canonical(argument)
            roles[name] = context.resolver.role(argument)
        return self.inline_body(call, function, context, overlay, roles)

    def inline_body(self, call: cst.CSTNode, function: cst.FunctionDef, context: Context, overlay, roles) -> list[Node]:
        if function in context.stack or len(context.stack) > MAX_INLINE_DEPTH:
            return []
        inner = Context(
            self.index.resolver_for(function, overlay, roles),
            function,
            (*context.stack, function),
            "return",
            context.accelerate,
        )
        return [Inlined(call, function, self.block(statements_of(function.body), inner))]


def assigned_names(target: cst.BaseExpression) -> list[cst.BaseExpression]:
    """`logits, self.loss = model(x)` binds `logits` and `self.loss`."""
    if isinstance(target, (cst.Tuple, cst.List)):
        return [n for element in target.elements for n in assigned_names(element.value)]
    return [target] if isinstance(target, (cst.Name, cst.Attribute)) else []


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


def set_to_none_of(call: cst.Call) -> bool | None:
    for argument in call.args:
        if argument.keyword is None or argument.keyword.value == "set_to_none":
            return code_of(argument.value) not in {"False", "0"}
    return None


class _CallCollector(cst.CSTVisitor):
    """Events of an expression in evaluation order: arguments before the call that takes them."""

    def __init__(self, builder: Builder, context: Context) -> None:
        self.builder = builder
        self.context = context
        self.nodes: list[Node] = []

    def visit_Lambda(self, node: cst.Lambda) -> bool:
        return False

    def leave_Call(self, original_node: cst.Call) -> None:
        self.nodes.extend(self.builder.call(original_node, self.context))
