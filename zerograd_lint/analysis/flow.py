"""A small abstract interpreter over the lifecycle IR, generic in what it tracks.

It runs every path of a function body (branches, loops until their state
settles over the back edge, try, break/continue/return, inlined helpers) and
hands each event, with the state before it and where it sits, to a domain.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from itertools import count
from typing import Generic, Iterator, Protocol, TypeVar

import libcst as cst

from zerograd_lint.analysis.ir import (
    Assign,
    Backward,
    Block,
    Branch,
    Event,
    Guard,
    Inlined,
    Jump,
    Loop,
    Node,
    Step,
    Try,
    children,
    events_in,
)
from zerograd_lint.analysis.names import code_of

State = TypeVar("State")
MAX_LOOP_PASSES = 12


@dataclass(frozen=True)
class Where:
    """Where an event sits: its training loop, and the accumulation structure around it."""

    loop: Loop | None  # innermost loop whose body has a backward and a step
    guard: Guard | None  # an `if` around the event (not around the backward) inside that loop
    guard_branch: Branch | None
    micro_loop: Loop | None  # an inner loop doing backwards that the step follows


def flag_of(test: cst.BaseExpression | None) -> tuple[str, bool] | None:
    """`ready`, `self.ready` or `not ready` tested as is: the flag's name and the value that makes the test true."""
    if isinstance(test, cst.UnaryOperation) and isinstance(test.operator, cst.Not):
        inner = flag_of(test.expression)
        return (inner[0], not inner[1]) if inner else None
    if isinstance(test, (cst.Name, cst.Attribute)) and code_of(test) not in {"True", "False", "None"}:
        return code_of(test), True
    return None


class Domain(Protocol[State]):
    def transfer(self, event: Event, state: State, where: Where) -> State: ...
    def join(self, first: State, second: State) -> State: ...
    def enter_loop(self, loop: Loop, state: State) -> State: ...
    def back_edge(self, loop: Loop, state: State) -> State: ...
    def after_branch(self, branch: Branch, then: State | None, orelse: State | None) -> tuple[State | None, State | None]: ...
    def assume(self, state: State, test: cst.BaseExpression | None, truth: bool) -> State | None: ...


Valuation = frozenset  # of (flag, value): what the branches taken so far say about flags
MAX_VALUATIONS = 16


def repeated_flags(root: Node) -> frozenset[str]:
    """The flags that more than one branch tests."""
    counts: dict[str, int] = {}
    stack = [root]
    while stack:
        node = stack.pop()
        if isinstance(node, Branch):
            flag = flag_of(node.test)
            if flag is not None:
                counts[flag[0]] = counts.get(flag[0], 0) + 1
        if not isinstance(node, Event):
            stack.extend(children(node))
    return frozenset(name for name, count in counts.items() if count > 1)


@dataclass
class Correlated(Generic[State]):
    """A domain kept apart per value of the flags tested on the way, so that
    `if turn: a.zero_grad()` ... `if turn: a.step()` never mixes the paths.

    A flag is forgotten when it is assigned, and at loop entries and back edges.
    """

    inner: Domain[State]
    flags: frozenset[str]  # only flags tested more than once can correlate anything
    recency: dict[str, int] = field(default_factory=dict)  # when each flag was last tested
    clock: Iterator[int] = field(default_factory=count)

    def start(self, state: State) -> dict:
        return {frozenset(): state}

    def collapse(self, state: dict) -> State:
        values = list(state.values())
        merged = values[0]
        for value in values[1:]:
            merged = self.inner.join(merged, value)
        return merged

    def transfer(self, event: Event, state: dict, where: Where) -> dict:
        result: dict = {}
        for valuation, inner in state.items():
            if isinstance(event, Assign):
                valuation = frozenset(item for item in valuation if item[0] not in event.names)
            self.add(result, valuation, self.inner.transfer(event, inner, where))
        return result

    def add(self, into: dict, valuation: Valuation, inner: State) -> None:
        into[valuation] = self.inner.join(into[valuation], inner) if valuation in into else inner

    def join(self, first: dict, second: dict) -> dict:
        result = dict(first)
        for valuation, inner in second.items():
            self.add(result, valuation, inner)
        while len(result) > MAX_VALUATIONS:  # forget the flag tested longest ago: pairs of tests sit close
            oldest = min({name for valuation in result for name, _ in valuation}, key=lambda n: self.recency.get(n, 0))
            result = self.forget(result, oldest)
        return result

    def forget(self, state: dict, name: str) -> dict:
        result: dict = {}
        for valuation, inner in state.items():
            self.add(result, frozenset(item for item in valuation if item[0] != name), inner)
        return result

    def assume(self, state: dict, test: cst.BaseExpression | None, truth: bool) -> dict | None:
        flag = flag_of(test)
        if flag is None or flag[0] not in self.flags:
            return state
        name, value_when_true = flag
        self.recency[name] = next(self.clock)
        wanted = value_when_true if truth else not value_when_true
        result: dict = {}
        for valuation, inner in state.items():
            known = dict(valuation).get(name)
            if known is None:
                self.add(result, valuation | {(name, wanted)}, inner)
            elif known == wanted:
                self.add(result, valuation, inner)
        return result or None

    def enter_loop(self, loop: Loop, state: dict) -> dict:
        return {frozenset(): self.inner.enter_loop(loop, self.collapse(state))}

    def back_edge(self, loop: Loop, state: dict) -> dict:
        return {frozenset(): self.inner.back_edge(loop, self.collapse(state))}

    def after_branch(self, branch: Branch, then: dict | None, orelse: dict | None):
        if then is None or orelse is None:
            return then, orelse
        then, orelse = dict(then), dict(orelse)
        for valuation in then.keys() & orelse.keys():
            then[valuation], orelse[valuation] = self.inner.after_branch(branch, then[valuation], orelse[valuation])
        return then, orelse


@dataclass
class Flow(Generic[State]):
    normal: State | None = None
    breaks: State | None = None
    continues: State | None = None
    returns: State | None = None


class Structure:
    """Questions about the IR's shape, answered once."""

    def __init__(self) -> None:
        self._kinds: dict[int, frozenset[type]] = {}

    def kinds(self, node: Node) -> frozenset[type]:
        key = id(node)
        if key not in self._kinds:
            self._kinds[key] = frozenset(type(e) for e in events_in(node))
        return self._kinds[key]

    def backwards_outside_closures(self, node: Node) -> bool:
        if isinstance(node, Backward):
            return True
        if isinstance(node, Event) or (isinstance(node, Inlined) and node.closure):
            return False
        return any(self.backwards_outside_closures(child) for child in children(node))

    def is_training_loop(self, loop: Loop) -> bool:
        return {Backward, Step} <= self.kinds(loop.body)


class Interpreter(Generic[State]):
    def __init__(self, domain: Domain[State], structure: Structure) -> None:
        self.domain = domain
        self.structure = structure

    def join(self, first: State | None, second: State | None) -> State | None:
        if first is None:
            return second
        if second is None:
            return first
        return self.domain.join(first, second)

    def run(self, node: Node, state: State, where: Where) -> Flow[State]:
        if isinstance(node, Event):
            return Flow(normal=self.domain.transfer(node, state, where))
        if isinstance(node, Block):
            return self.run_block(node, state, where)
        if isinstance(node, Branch):
            return self.run_branch(node, state, where)
        if isinstance(node, Loop):
            return self.run_loop(node, state, where)
        if isinstance(node, Try):
            return self.run_try(node, state, where)
        if isinstance(node, Jump):
            return Flow(**{f"{node.kind}s": state})
        if isinstance(node, Inlined):
            inner = self.run(node.body, state, where)
            return Flow(normal=self.join(inner.normal, inner.returns))
        raise TypeError(f"unknown IR node {node!r}")

    def run_block(self, block: Block, state: State, where: Where) -> Flow[State]:
        flow: Flow[State] = Flow(normal=state)
        for item in block.items:
            if flow.normal is None:
                break
            step = self.run(item, flow.normal, where)
            flow = Flow(
                step.normal,
                self.join(flow.breaks, step.breaks),
                self.join(flow.continues, step.continues),
                self.join(flow.returns, step.returns),
            )
        return flow

    def arm_where(self, branch: Branch, arm: Block, where: Where) -> Where:
        """Inside an arm, the branch guards the steps unless it guards a backward too.

        `if i % n_critic == 0: backward; step` is no guard; a backward inside the
        step's own closure (`if sync: opt.step(closure)`) does not count.
        """
        if self.structure.backwards_outside_closures(arm) or (where.guard is not None and where.guard is not Guard.OTHER):
            return where
        return replace(where, guard=branch.guard, guard_branch=branch)

    def run_branch(self, branch: Branch, state: State, where: Where) -> Flow[State]:
        then_state = self.domain.assume(state, branch.test, not branch.negated)
        else_state = self.domain.assume(state, branch.test, branch.negated)
        then = self.run(branch.then, then_state, self.arm_where(branch, branch.then, where)) if then_state is not None else Flow()
        orelse = self.run(branch.orelse, else_state, self.arm_where(branch, branch.orelse, where)) if else_state is not None else Flow()
        then_normal, else_normal = self.domain.after_branch(branch, then.normal, orelse.normal)
        return Flow(
            self.join(then_normal, else_normal),
            self.join(then.breaks, orelse.breaks),
            self.join(then.continues, orelse.continues),
            self.join(then.returns, orelse.returns),
        )

    def run_loop(self, loop: Loop, state: State, where: Where) -> Flow[State]:
        training = self.structure.is_training_loop(loop)
        if training:
            inner_where = Where(loop, None, None, None)
            entry = self.domain.enter_loop(loop, state)
        else:
            kinds = self.structure.kinds(loop.body)
            micro = loop if Backward in kinds and Step not in kinds else where.micro_loop
            inner_where = replace(where, micro_loop=micro)
            entry = state
        head = entry
        body: Flow[State] = Flow()
        for _ in range(MAX_LOOP_PASSES):
            body = self.run(loop.body, head, inner_where)
            end = self.join(body.normal, body.continues)
            back = self.domain.back_edge(loop, end) if training and end is not None else end
            new_head = self.join(entry, back)
            if new_head == head:
                break
            head = new_head
        last_iteration = self.join(body.normal, body.continues)
        finished = last_iteration if loop.runs_at_least_once else self.join(head, last_iteration)
        if loop.exits_by_break_only:
            finished = None
        after = self.run(loop.orelse, finished, where) if finished is not None else Flow()
        return Flow(self.join(after.normal, body.breaks), after.breaks, after.continues, self.join(body.returns, after.returns))

    def run_try(self, node: Try, state: State, where: Where) -> Flow[State]:
        body = self.run(node.body, state, where)
        raised = self.join(state, body.normal)  # an exception can leave the body anywhere
        outcomes = [self.run(node.orelse, body.normal, where)] if body.normal is not None else []
        outcomes += [self.run(handler, raised, where) for handler in node.handlers]
        normal = None
        flow: Flow[State] = Flow(None, body.breaks, body.continues, body.returns)
        for outcome in outcomes:
            normal = self.join(normal, outcome.normal)
            flow.breaks = self.join(flow.breaks, outcome.breaks)
            flow.continues = self.join(flow.continues, outcome.continues)
            flow.returns = self.join(flow.returns, outcome.returns)
        if not node.handlers and body.normal is None:
            normal = None
        if node.final.items:
            final = self.run(node.final, normal if normal is not None else raised, where)
            return Flow(final.normal if normal is not None else None, self.join(flow.breaks, final.breaks),
                        self.join(flow.continues, final.continues), self.join(flow.returns, final.returns))
        flow.normal = normal
        return flow
