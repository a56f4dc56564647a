"""Where each event sits: its training loop, the accumulation guard around it, the micro-batch loop
before it. Found in one walk of the IR, before any interpretation: the places do not depend on
what the gradients hold, so no interpreter pass recomputes them."""

from __future__ import annotations

from dataclasses import dataclass, field, replace

import libcst as cst

from zerograd_lint.analysis.ir.builder import jump_only
from zerograd_lint.analysis.ir.nodes import Backward, Block, Branch, Event, Guard, Jump, Loop, Node, Step, Try, children
from zerograd_lint.analysis.ir.structure import Structure


@dataclass(frozen=True)
class Where:
    """Where an event sits: its training loop, and the accumulation structure around it."""

    loop: Loop | None  # innermost loop whose body has a backward and a step
    guard: Guard | None  # an `if` around the event (not around the backward) inside that loop
    guard_branch: Branch | None
    micro_loop: Loop | None  # an inner loop doing backwards that the step follows
    guard_fails: bool = False  # the event sits in the arm of `guard_branch` that runs when its test is false
    caught: bool = False  # in an `except` handler inside that loop: it runs only when its `try` body raised


NOWHERE = Where(None, None, None, None)


@dataclass
class Locations:
    """Where the events and branches of one function's IR sit; the same on every path and every pass."""

    events: dict[int, Where] = field(default_factory=dict)  # event id -> where it sits
    loops: dict[int, Loop | None] = field(default_factory=dict)  # id(branch) -> the training loop around it
    enclosing: dict[int, Loop | None] = field(default_factory=dict)  # id(loop) -> the training loop around it

    def guard(self, branch: Branch, structure: Structure) -> Guard:
        """What the branch's test is, judged inside its training loop (see `Structure.guard`)."""
        return structure.guard(branch, self.loops[id(branch)])


def locate(root: Node, structure: Structure) -> Locations:
    """Every event and branch of the IR, each with the places around it as the interpreter meets them."""
    found = Locations()
    pending: list[tuple[Node, Where]] = [(root, NOWHERE)]
    while pending:
        node, where = pending.pop()
        if isinstance(node, Event):
            found.events[node.id] = where
        elif isinstance(node, Branch):
            found.loops[id(node)] = where.loop
            guard = structure.guard(node, where.loop)
            pending += [(arm, arm_where(node, guard, arm, where, structure)) for arm in (node.then, node.orelse)]
        elif isinstance(node, Loop):
            found.enclosing[id(node)] = where.loop
            pending += [(node.body, body_where(node, where, structure)), (node.orelse, where)]
        elif isinstance(node, Try):
            pending += [(node.body, where), (node.orelse, where), (node.final, where)]
            pending += [(handler, replace(where, caught=True)) for handler in node.handlers]
        else:  # a block, an inlined helper: their parts sit where they do
            pending += [(child, where) for child in children(node)]
    return found


def body_where(loop: Loop, where: Where, structure: Structure) -> Where:
    """A training loop starts afresh; another loop doing backwards and no step is a micro-batch loop, unless it retries
    until a pass succeeds."""
    if structure.is_training_loop(loop):
        return Where(loop, None, None, None)
    kinds = structure.kinds(loop.body)
    micro = Backward in kinds and Step not in kinds and not retries_until_success(loop)
    return replace(where, micro_loop=loop if micro else where.micro_loop)


def retries_until_success(loop: Loop) -> bool:
    """A pass that succeeds leaves the loop, so only a failed pass comes round again, and what it left the next pass
    clears on purpose: `while chunk_size: try: ...backward() except OOM: chunk_size //= 2 else: break`, or
    `while True: try: ...step() except OOM: oom = True; if oom: shrink(); continue; return loss`. The backwards it makes
    are no micro-batches summed for the step after it, and its entry is the path every batch takes."""
    straight_pass_leaves = isinstance(loop.node, (cst.For, cst.While)) and jump_only(loop.node.body) in ("break", "return")
    return straight_pass_leaves or any(
        isinstance(item, Try) and item.handlers and (ends_in_break(item.body) or ends_in_break(item.orelse))
        for item in loop.body.items
    )


def ends_in_break(block: Block) -> bool:
    return bool(block.items) and isinstance(last := block.items[-1], Jump) and last.kind == "break"


def arm_where(branch: Branch, guard: Guard, arm: Block, where: Where, structure: Structure) -> Where:
    """Inside an arm, the branch guards the steps unless it guards a backward too.

    `if i % n_critic == 0: backward; step` is no guard; a backward inside the
    step's own closure (`if sync: opt.step(closure)`) does not count. A counter
    whose other arm only accumulates (`if (i + 1) % n: backward` under
    `no_sync()`, `else: backward; step`) guards the stepping arm all the same.
    """
    other = branch.orelse if arm is branch.then else branch.then
    accumulates_aside = guard is Guard.COUNTER and structure.backwards_outside_closures(other) and (
        Step not in structure.kinds(other)
    )
    if (structure.backwards_outside_closures(arm) and not accumulates_aside) or (
        where.guard is not None and where.guard is not Guard.OTHER
    ):
        return where
    return replace(where, guard=guard, guard_branch=branch, guard_fails=(arm is branch.then) == branch.negated)
