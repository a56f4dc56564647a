"""The lifecycle IR: the events of a function body in a small structured control-flow tree.

A loop body, after helpers are inlined, becomes a tree of blocks, branches,
loops, try statements and jumps whose leaves are gradient-lifecycle events.
The data-flow analysis (flow.py) interprets this tree; rules read its results.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Iterator, Union

import libcst as cst


class Coverage(Enum):
    """What a clear is known to clear, relative to one optimizer."""

    KNOWN = "known"  # the optimizer itself, or the one model it is built from
    UNKNOWN = "unknown"  # maybe: counts as cleared, never creates a report
    NONE = "none"  # a different optimizer


class Guard(Enum):
    """The kind of condition a branch tests."""

    COUNTER = "counter"  # (i + 1) % n == 0, step % accum == 0, accelerator.sync_gradients, ...
    ACCELERATE = "accelerate"  # implicit: inside `with accelerator.accumulate(model):`
    OTHER = "other"


@dataclass(frozen=True, eq=False)
class Event:
    id: int
    node: cst.CSTNode  # what a report about this event points at
    text: str  # the call as the user wrote it, for messages


@dataclass(frozen=True, eq=False)
class Backward(Event):
    scaled: bool  # scaler.scale(loss).backward()
    scaler: str | None  # the GradScaler, for a scaled backward
    normalises: bool  # accelerator.backward divides by gradient_accumulation_steps itself
    loss: cst.BaseExpression | None  # the loss expression handed to backward
    scope: cst.CSTNode  # the function (or module) the backward is written in


@dataclass(frozen=True, eq=False)
class Step(Event):
    optimizer: str
    via_scaler: bool
    scaler: str | None
    closure: bool = False  # `opt.step(closure)` whose closure runs a backward: the clear belongs in it


@dataclass(frozen=True, eq=False)
class ClearTarget:
    kind: str  # "optimizer", "model" or "unknown"
    key: str | None


@dataclass(frozen=True, eq=False)
class Clear(Event):
    target: ClearTarget
    set_to_none: bool | None  # None: the default (True since PyTorch 2.0)


@dataclass(frozen=True, eq=False)
class Unscale(Event):
    optimizer: str
    scaler: str


@dataclass(frozen=True, eq=False)
class Update(Event):
    scaler: str


@dataclass(frozen=True, eq=False)
class Clip(Event):
    unscales_itself: bool  # accelerator.clip_grad_norm_ unscales by itself
    measures_only: bool  # get_total_norm: measures, does not clip


@dataclass(frozen=True, eq=False)
class GradWrite(Event):
    """Gradients written by hand (`p.grad = g`, `p.grad.copy_(g)`): something is there, of unknown origin."""


@dataclass(frozen=True, eq=False)
class Assign(Event):
    """An assignment to plain names: the forward pass, when a name is later backwarded."""

    names: frozenset[str]  # the names and attributes bound
    uses: frozenset[str]  # the names the value reads
    callees: frozenset[str]  # what the value calls, dotted (`self.model`, `F.mse_loss`)
    scope: cst.CSTNode  # the function (or module) the assignment is written in


@dataclass(frozen=True, eq=False)
class Block:
    items: tuple["Node", ...]


@dataclass(frozen=True, eq=False)
class Branch:
    test: cst.BaseExpression | None
    guard: Guard
    then: Block
    orelse: Block
    line_node: cst.CSTNode | None  # the `if` statement, for messages
    negated: bool = False  # `then` runs when the test is false (`if not ready: continue` then the rest)


@dataclass(frozen=True, eq=False)
class Loop:
    node: cst.CSTNode
    body: Block
    orelse: Block
    runs_at_least_once: bool  # a `for` over a collection; `while` may not run
    exits_by_break_only: bool  # while True


def loop_header(loop: Loop) -> cst.CSTNode:
    """What a loop iterates over, or its condition."""
    return loop.node.iter if isinstance(loop.node, cst.For) else loop.node.test


@dataclass(frozen=True, eq=False)
class Try:
    body: Block
    handlers: tuple[Block, ...]
    orelse: Block
    final: Block


@dataclass(frozen=True, eq=False)
class Jump:
    kind: str  # "break", "continue" or "return"


@dataclass(frozen=True, eq=False)
class Inlined:
    """A call to a helper of the same file; a `return` inside ends the helper only."""

    call: cst.CSTNode
    function: cst.CSTNode
    body: Block
    closure: bool = False  # handed to `optimizer.step(closure)`: runs inside the step


Node = Union[Event, Block, Branch, Loop, Try, Jump, Inlined]


def children(node: Node) -> Iterator[Node]:
    if isinstance(node, Block):
        yield from node.items
    elif isinstance(node, Branch):
        yield node.then
        yield node.orelse
    elif isinstance(node, Loop):
        yield node.body
        yield node.orelse
    elif isinstance(node, Try):
        yield node.body
        yield from node.handlers
        yield node.orelse
        yield node.final
    elif isinstance(node, Inlined):
        yield node.body


def events_in(node: Node) -> Iterator[Event]:
    """Every event under `node`, in program order."""
    if isinstance(node, Event):
        yield node
        return
    for child in children(node):
        yield from events_in(child)
