"""What rules share: walking the facts' events and phrasing what they found."""

from __future__ import annotations

from typing import TYPE_CHECKING, Iterator, TypeVar

import libcst as cst

from zerograd_lint.analysis.facts import FileFacts, RootFacts
from zerograd_lint.analysis.ir.names import code_of, source_of
from zerograd_lint.analysis.ir.nodes import Backward, Event, Guard, Loop, Step, Update, events_in
from zerograd_lint.rules import Finding

if TYPE_CHECKING:
    from zerograd_lint.fixes.base import Offer

E = TypeVar("E", bound=Event)


def events_of(facts: FileFacts, kind: type[E], region_only: bool = True) -> Iterator[tuple[RootFacts, E]]:
    """Every reached event of a kind, with the facts of the function it was analysed in."""
    for root in facts.roots:
        for event in root.events:
            if isinstance(event, kind) and root.reached(event) and (not region_only or root.in_region(event)):
                yield root, event


def finding(facts: FileFacts, node: cst.CSTNode, message: str, fix: Offer | None = None, step: Event | None = None) -> Finding:
    """A report on the node; `fix`: the fix it offers (`zerograd_lint/fixes/zgNNN.py: offer`), none on a line of
    another module than the checked file (fixes edit the checked file only); `step`: the optimizer step it is
    about, if a fix of another report on that step must know of it."""
    line, column, end_line, end_column = facts.span(node)
    subclass = facts.instance_of(node)
    if subclass is not None:
        message = f"{message} (in `{subclass}`, which runs its base class's loop with its own methods)"
    path = facts.path_of(node)
    entry = facts.entry(node) if path is not None else None  # where the checked file leads there
    return Finding(
        line, column, end_line, end_column, message, fix if path is None else None,
        facts.line(step.node) if step is not None else None, path, entry,
    )


def named(root: RootFacts, key: str, at: Event | Loop) -> str:
    """The object keyed `key` as the code at `at` writes it (a helper's parameter, not its caller's argument); its
    key where nothing there names it, for a report must still say which object it means."""
    return root.spelled(key, at) or key


def at(facts: FileFacts, event: Event) -> str:
    """`opt.step()` (line 12)."""
    return f"`{event.text}` ({facts.place(event.node)})"


def loop_phrase(facts: FileFacts, root: RootFacts, event: Event) -> str:
    loop = root.loop_of(event)
    return f" in {loop_named(facts, loop, facts.place(loop.node))}" if loop is not None else ""


def loop_named(facts: FileFacts, loop: Loop, position: str | None = None) -> str:
    """`the loop at line 12` (`position`: where it is, as the message says it; its line by default); a library's loop
    whose body is the def it calls once per batch (`builder.library_loop`: Lightning's `training_step`, the Hugging
    Face Trainer's `compute_loss`); ignite's, which `trainer.run(...)` runs (`engine_runs.EngineRun`)."""
    position = position or f"line {facts.line(loop.node)}"
    if isinstance(loop.node, cst.FunctionDef):
        return f"{loop.library}'s loop over `{loop.node.name.value}` ({position})"
    if isinstance(loop.node, cst.Call):
        return f"ignite's loop of `{code_of(loop.node.func)}(...)` ({position})"
    return f"the loop at {position}"


def never_updates(loop: Loop) -> bool:
    """The loop calls no `scaler.update()` (ZG404's question: a `scaler.step` there is never followed by one)."""
    return not any(isinstance(e, Update) for e in events_in(loop.body))


def guard_phrase(facts: FileFacts, root: RootFacts, event: Event) -> str:
    where = root.where[event.id]
    if where.guard is Guard.ACCELERATE:
        return "inside `accelerator.accumulate()`"
    if where.guard_branch is not None and where.guard_branch.line_node is not None:
        branch = where.guard_branch
        test = source_of(branch.test) if branch.test is not None else "a condition"
        if where.guard_fails and branch.test is not None:
            return f"only when `{negation_of(branch.test)}` (the `if {test}` of {facts.place(branch.line_node)} is false)"
        return f"under `if {test}` ({facts.place(branch.line_node)})"
    return "under a condition"


OPPOSITES: dict[type[cst.BaseCompOp], type[cst.BaseCompOp]] = {
    cst.Equal: cst.NotEqual, cst.NotEqual: cst.Equal, cst.LessThan: cst.GreaterThanEqual, cst.GreaterThanEqual: cst.LessThan,
    cst.GreaterThan: cst.LessThanEqual, cst.LessThanEqual: cst.GreaterThan, cst.Is: cst.IsNot, cst.IsNot: cst.Is,
    cst.In: cst.NotIn, cst.NotIn: cst.In,
}


def negation_of(test: cst.BaseExpression) -> str:
    """The test that holds where `test` is false, as a user writes it: `x != n` for `x == n`, `ready` for `not ready`."""
    if isinstance(test, cst.UnaryOperation) and isinstance(test.operator, cst.Not):
        return source_of(test.expression.with_changes(lpar=(), rpar=()))
    if isinstance(test, cst.Comparison) and len(test.comparisons) == 1 and not test.lpar:
        target = test.comparisons[0]
        opposite = OPPOSITES[type(target.operator)]()
        return source_of(test.with_changes(comparisons=[target.with_changes(operator=opposite)]))
    text = source_of(test)
    simple = isinstance(test, (cst.Name, cst.Attribute, cst.Call, cst.Subscript)) or test.lpar
    return f"not {text}" if simple else f"not ({text})"


def scaler_of(root: RootFacts, optimizer: str) -> str:
    """The GradScaler used with an optimizer in this function, by name."""
    for event in root.events:
        if isinstance(event, Step) and event.via_scaler and event.optimizer == optimizer and event.scaler:
            return event.scaler
    for event in root.events:
        if isinstance(event, Backward) and event.scaler:
            return event.scaler
    return "scaler"
