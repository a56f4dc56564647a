"""The lifecycle IR: the events of a function body in a small structured control-flow tree.

A loop body, after helpers are inlined, becomes a tree of blocks, branches,
loops, try statements and jumps whose leaves are gradient-lifecycle events.
The data-flow analysis (flow.py) interprets this tree; rules read its results.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from functools import cached_property
from typing import Iterator, Union

import libcst as cst

from zerograd_lint.analysis.ir.conditions import Condition
from zerograd_lint.analysis.ir.names import one_line, source_of
from zerograd_lint.analysis.ir.summaries import Summary


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
    # The chains (keyed as conditions.Naming scopes them) whose attributes the event's call reads: `scaler` of
    # `scaler.scale(loss).backward()`. Once the call ran they are no None (conditions.Naming.dereferenced).
    present: frozenset[str] = field(default=frozenset(), kw_only=True)
    # Those of them a method was called on that are objects whose truth is always true (a GradScaler's, an
    # optimizer's: builder.TRUTHY_ROLES): once the call ran, `if scaler:` holds.
    truthy: frozenset[str] = field(default=frozenset(), kw_only=True)

    @cached_property
    def text(self) -> str:
        """The call as the user wrote it, for messages: made when a report asks (a code generation of the node, a
        fifth of the building of a small function's IR when made for every event)."""
        text = one_line(source_of(self.node))
        return text if len(text) <= 60 else text[:57] + "..."


@dataclass(frozen=True, eq=False)
class Backward(Event):
    scaled: bool  # scaler.scale(loss).backward()
    scaler: str | None  # the GradScaler, for a scaled backward
    normalises: bool  # accelerator.backward divides by gradient_accumulation_steps itself
    loss: cst.BaseExpression | None  # the loss expression handed to backward
    scope: cst.CSTNode  # the function (or module) the backward is written in
    # `accelerator.backward` where the Accelerator is built with `gradient_accumulation_steps=N` (N as written,
    # not 1) but no enclosing loop or function enters `accumulate()`: it divides by N and nothing accumulates.
    unused_accumulation: str | None = None
    distributed: bool = False  # dist_autograd.backward: writes its context's gradients, not `.grad`
    summary: Summary | None = None  # the library wrapper it runs in (timm's loss scaler, apex's `scale_loss`)


@dataclass(frozen=True, eq=False)
class Step(Event):
    optimizer: str
    via_scaler: bool
    scaler: str | None
    closure: bool = False  # `opt.step(closure)` whose closure runs a backward: the clear belongs in it
    written: cst.BaseExpression | None = None  # the optimizer as the step's code writes it (`opt`, `scaler.step(opt)`'s)
    reevaluated: tuple[int, ...] = ()  # the ids of the events of a closure the optimizer evaluates several times (LBFGS)
    on_xla: bool = False  # torch_xla's `xm.optimizer_step`: no CUDA there, a CUDA GradScaler disables itself
    # A library's own step (the Hugging Face Trainer's loop, `events.trainer_part`): it unscales, steps and updates as
    # the backward before it needs.
    self_managed: bool = False

    @property
    def settles_scaling(self) -> bool:
        """Nothing a GradScaler did is pending, or scaled, after this step: an XLA step (where a CUDA GradScaler is
        disabled) or a library's own."""
        return self.on_xla or self.self_managed


@dataclass(frozen=True, eq=False)
class ClearTarget:
    kind: str  # "optimizer", "model" or "unknown"
    key: str | None


@dataclass(frozen=True, eq=False)
class Clear(Event):
    target: ClearTarget
    set_to_none: bool | None  # None: the default (True since PyTorch 2.0)
    # `p.grad = torch.zeros_like(p)`: each gradient given a new zero tensor, where a clear before may have left None
    gives_tensors: bool = False
    # The optimizer as the clear's own call writes it (`optimizer` of `optimizer.zero_grad()`) where the report points at
    # another call: a class's own `zero_grad` inlined at `self.zero_grad(...)` (`Builder.clear_site`).
    written: cst.BaseExpression | None = None


@dataclass(frozen=True, eq=False)
class Unscale(Event):
    optimizer: str
    scaler: str
    checked: bool = False  # under a test of the scaler's stage for this optimizer: never a second unscale


@dataclass(frozen=True, eq=False)
class NextParameter(Event):
    """A loop over parameters starts its next pass (built only when reads are analysed): what earlier passes set to
    None with `p.grad = None` (`cleared`) was other parameters."""

    cleared: frozenset[int]


@dataclass(frozen=True, eq=False)
class Caught(Event):
    """An `except` handler starts: what follows runs only after an exception left the `try` body."""


@dataclass(frozen=True, eq=False)
class NextElement(Event):
    """A loop over a collection of optimizers starts its next pass: the name now means another optimizer.

    What the events of that loop's earlier passes recorded about the name (`inside`) was about another object.
    """

    key: str
    inside: frozenset[int]  # the ids of the events in the loop's body
    # Each pass's optimizer holds what the loop found: every backward of the body is of a loss the same target binds,
    # another element of a collection the loop zips with the optimizers (`for opt, loss in zip(optimizers, losses)`),
    # so no pass writes the gradients of the optimizer of another.
    found_as_entered: bool = False


@dataclass(frozen=True, eq=False)
class Update(Event):
    scaler: str


@dataclass(frozen=True, eq=False)
class NewScaler(Event):
    """`scaler = GradScaler()`: a scaler with no per-optimizer state, as after `update()` (nothing unscaled or stepped)."""

    scaler: str


@dataclass(frozen=True, eq=False)
class Clip(Event):
    unscales_itself: bool  # accelerator.clip_grad_norm_ unscales by itself
    measures_only: bool  # get_total_norm: measures, does not clip
    threshold_scaled: bool = False  # `max_norm * scaler.get_scale()`: a threshold that fits scaled gradients (mmf's)
    model: str | None = None  # the model whose `.parameters()` it is handed (its key as a clear of it names it)


@dataclass(frozen=True, eq=False)
class GradWrite(Event):
    """Gradients written by hand (`p.grad = g`, `p.grad.copy_(g)`), or by a call handed the loss and the
    optimizer that we cannot see into: something is there, of unknown origin."""


@dataclass(frozen=True, eq=False)
class AssertedNoGrad(Event):
    """`assert next(model.parameters()).grad is None`: where the model's gradients hold a backward's, the program
    stops here (AssertionError), so the paths past it are those where they hold none."""

    target: ClearTarget  # whose parameters the asserted one is: a model's, an optimizer's


@dataclass(frozen=True, eq=False)
class GradAccess(Event):
    """`p.grad` as written (built only when reads are analysed): whether it can be None there is ZG301's question."""

    target: ClearTarget  # the parameters `p` ranges over: a model's, an optimizer's, or unknown
    origin: tuple[str, tuple[str, ...]] | None  # the constructor of that model, and the attributes taken from it
    container: int  # the function it is written in (the module is 0), numbered as ModuleIndex.roots
    ordinal: int  # the k-th `name.grad` of that function's own code


@dataclass(frozen=True, eq=False)
class Freeze(Event):
    """`m.requires_grad_(False)`, `p.requires_grad = False` (built only when reads are analysed)."""

    key: str | None  # the model, part or parameter whose gradients stop (or start again)
    frozen: bool


@dataclass(frozen=True, eq=False)
class Assign(Event):
    """An assignment to plain names: the forward pass, when a name is later backwarded."""

    names: frozenset[str]  # the names and attributes bound
    uses: frozenset[str]  # the names the value reads
    callees: frozenset[str]  # what the value calls, dotted (`self.model`, `F.mse_loss`)
    scope: cst.CSTNode  # the function (or module) the assignment is written in
    no_grad: bool = False  # inside `with torch.no_grad():`: the value carries no autograd graph
    # (name, part): `total, parts = f(...)` where the function returns for `name` a total of what it returns for
    # `part` (`return sum(parts.values()), parts`): the part carries the total's graph
    parts: frozenset[tuple[str, str]] = frozenset()
    # `wav, mask = generator(mel)`: the names bound to an element of what the called function returns that carries no
    # autograd graph (`mask`, a comparison), and those bound to one that carries its parameters' (`returned_graphs`)
    without_graph: frozenset[str] = frozenset()
    with_graph: frozenset[str] = frozenset()
    # (name, argument): `loss, dist = f(feats)`, the names bound to an element that carries on the graph of what an
    # argument of the call carries (`dist` computed in `f` from the features it was handed, `returned_graphs`)
    handed_graph: tuple[tuple[str, cst.BaseExpression], ...] = ()


@dataclass(frozen=True, eq=False)
class Rebind(Event):
    """Names whose values change here: an assignment, a loop's target at each iteration, a helper's parameters.

    Names are keyed as conditions.Naming scopes them; a test on them no longer agrees with earlier ones.
    """

    names: frozenset[str]
    counts: bool = False  # a counter moves: `step += 1`, the index of `enumerate(...)`, `for step in range(n)`
    resets: bool = False  # set to a literal (`count = 0`), or wrapped round (`count = (count + 1) % n`)
    derives_from: frozenset[str] = frozenset()  # what an arithmetic value reads: `step = epoch * n + i` follows `i`
    test: Condition = None  # a flag bound to a test: `update = (i + 1) % n == 0`
    totals: bool = False  # grows by what it adds: `tokens += y.numel()` (a counter once the loop also resets it)
    flag: str | None = None  # one name set to `True`/`False`/`1`/`0`: a flag whose later tests are decided
    # A loop's counter (`for i, batch in enumerate(loader)`, `for i in range(0, n, k)`): the literal it holds in the
    # loop's first iteration, to which it never comes back in a later one.
    start: str | None = None
    # ignite's `state.iteration`: the counter goes on across the iterations of the loop around its loop (never reset
    # between epochs), and a run resumed from a checkpoint starts past `start`: its first value is at least `start`.
    resumable: bool = False
    copies: str | None = None  # one name bound to another's value (`zero_grad_next_step = perform_update_step`): its key
    # A loop's target over a display of strings (`for how in "none", "model":`): the literals one of which it holds.
    one_of: frozenset[str] | None = None
    adds: int | None = None  # one name moved by a whole number: `num_iter += 1` (1), `left -= 2` (-2)


@dataclass(frozen=True, eq=False)
class SchedulerStep(Event):
    """`sched.step()` of a learning-rate scheduler visibly built on `optimizer` (ZG204)."""

    scheduler: str
    optimizer: str


@dataclass(frozen=True, eq=False)
class OptimizerBuilt(Event):
    """`opt = torch.optim.Adam(model.parameters())`: a new optimizer, with fresh state, bound to `optimizer` (ZG601).

    `node` is the construction call (inside a factory of the file, when one builds it; the call of a partial of the
    class, when one is called).
    """

    node: cst.Call

    optimizer: str
    site: cst.CSTNode  # the value assigned: the construction itself, or the call of a factory that returns it
    optimizer_class: str  # the class built: `AdamW`
    stateful: bool  # keeps state from step to step (moments, momentum); plain SGD does not
    models: frozenset[str]  # the models whose parameters it is visibly built from
    reads: frozenset[str]  # the names and attributes its parameter expression reads


@dataclass(frozen=True, eq=False)
class StateLoad(Event):
    """`x.load_state_dict(...)`, `model.apply(init)`, `model.reset_parameters()`: `target`'s state replaced."""

    target: str


@dataclass(frozen=True, eq=False)
class Accumulate(Event):
    """`total += loss`, `total = total + loss`, `losses.append(loss)`: values added into `target` (ZG602)."""

    target: str  # as written
    values: frozenset[str]  # the names added as they are (not through `.item()`, `.detach()`, `float()`)
    no_grad: bool  # under `torch.no_grad()` / `torch.inference_mode()`: no autograd graph
    scope: cst.CSTNode  # the function (or module) the statement is written in
    call: cst.Call | None = None  # the value added is a call's result, unnamed: `total += criterion(out, y)`
    added: cst.BaseExpression | None = None  # the value added, as written


@dataclass(frozen=True, eq=False)
class Put(Event):
    """`rollout.feed(data)`: values handed to a method of a project class that keeps them in its instance, which
    may give them back later (the forward passes whose outputs a rollout buffer holds, ZG104)."""

    target: str  # the instance, as written
    values: frozenset[str]  # the names handed as they are (a dict's, a list's or a tuple's elements too)
    no_grad: bool
    scope: cst.CSTNode
    added: cst.BaseExpression  # the argument, as written


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
    condition: Condition = None  # the test in normal form, to correlate it with other tests
    scope: cst.CSTNode | None = None  # the function (or module) the test is written in, where the names it reads live


@dataclass(frozen=True, eq=False)
class Loop:
    node: cst.CSTNode
    body: Block
    orelse: Block
    runs_at_least_once: bool  # a `for` over a collection; `while` may not run
    exits_by_break_only: bool  # while True
    # Whose loop it is, where its node is a def a library's loop calls once per batch (summaries.LIGHTNING_LOOP,
    # summaries.HF_TRAINER_LOOP); None for the code's own loops.
    library: str | None = None


def loop_header(loop: Loop) -> cst.CSTNode:
    """What a loop iterates over, or its condition; a library's loop, its node (ignite's `trainer.run(loader)`)."""
    if isinstance(loop.node, cst.For):
        return loop.node.iter
    return loop.node.test if isinstance(loop.node, cst.While) else loop.node


@dataclass(frozen=True, eq=False)
class Try:
    body: Block
    handlers: tuple[Block, ...]
    orelse: Block
    final: Block
    # The body is one statement running one gradient event (`optimizer.zero_grad(set_to_none=True)`): a handler runs
    # only where that event raised, before it took effect (`except TypeError: optimizer.zero_grad()`, a retry).
    one_event: bool = False


@dataclass(frozen=True, eq=False)
class Jump:
    kind: str  # "break", "continue", "return" or "raise"


@dataclass(frozen=True, eq=False)
class Inlined:
    """A call to a helper of the same file; a `return` inside ends the helper only, a `raise` the caller too."""

    call: cst.CSTNode
    function: cst.CSTNode
    body: Block
    closure: bool = False  # handed to `optimizer.step(closure)`: runs inside the step
    arguments: tuple[tuple[str, cst.BaseExpression], ...] = ()  # each parameter with the argument the call binds it to
    # `*args` and `**kwargs` with the arguments the call gathers into them (`update(loss=losses)`: `kwargs`, `(losses,)`)
    gathered: tuple[tuple[str, tuple[cst.BaseExpression, ...]], ...] = ()


Node = Union[Event, Block, Branch, Loop, Try, Jump, Inlined]


def children(node: Node) -> tuple[Node, ...]:
    """The nodes `node` holds, in program order; none for an event or a jump. A tuple, not a generator: every walk of
    the IR asks it of every node (62,000 times over torch's tree)."""
    kind = type(node)
    if kind is Block:
        return node.items
    if kind is Branch:
        return (node.then, node.orelse)
    if kind is Loop:
        return (node.body, node.orelse)
    if kind is Try:
        return (node.body, *node.handlers, node.orelse, node.final)
    if kind is Inlined:
        return (node.body,)
    return ()


def events_in(node: Node) -> Iterator[Event]:
    """Every event under `node`, in program order (children pushed last first: no generator per level, each event
    handed up through every one above it)."""
    stack = [node]
    pop = stack.pop
    while stack:
        current = pop()
        if isinstance(current, Event):
            yield current
        else:
            stack.extend(reversed(children(current)))
