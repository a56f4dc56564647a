"""ZG102: move the clear from between backward and step to where it belongs.

In a plain loop the clear goes to the top of the iteration; when the step is
under an accumulation (or other) condition, right after the step inside it,
so the accumulated gradients survive until applied; in a step helper with no
loop, or one called from a loop elsewhere, right before the backward. A
clear inside a helper called between backward and step (unsafe) moves to the
top of the calling loop, written as the loop names what it clears. Safe for a plain `x.zero_grad()`; any other
clear (a helper, `p.grad = None` in a loop) is moved only with --unsafe-fixes.
Where another clear already runs where this one belongs, removing it is the
whole fix (moving it there would make that other clear redundant).
"""

from __future__ import annotations

import libcst as cst

from zerograd_lint.analysis.facts import FileFacts, RootFacts
from zerograd_lint.analysis.ir.nodes import Clear, Event, Loop
from zerograd_lint.base.diagnostics import Diagnostic
from zerograd_lint.fixes.base import SAFE, UNSAFE, Fix, Offer, Variant, is_plain_clear, made
from zerograd_lint.fixes.edit import INSERT_AFTER, INSERT_BEFORE, INSERT_FIRST, REMOVE, CannotFix, Edit, statement
from zerograd_lint.fixes.fix_facts import MisplacedClear
from zerograd_lint.fixes.places import encloses, is_only, starting_with, statement_of


def offer(
    facts: FileFacts, root: RootFacts, clear: Clear, step: Event, backward: Event, around: Loop | None, step_guarded: bool,
    every_path: bool = True,
) -> Offer:
    """The move of `clear`, between `backward` and `step`, to where it belongs (in the loop `around`).

    A clear on some paths only is meant for some batches: whether to skip their step or to keep their
    gradients is the author's choice, not a move."""
    loop = around.node if around is not None else None
    words = MisplacedClear(
        step_line=facts.line(step.node), backward_line=facts.line(backward.node),
        loop_line=facts.line(loop) if loop is not None else None, step_guarded=step_guarded, clear=clear.text,
    )
    if not every_path:
        reason = f"`{clear.text}` runs only on some paths: skip their step, or clear before the backward"
        return Offer(words, UNSAFE, (reason, reason))
    safe = is_plain_clear(clear.text) and words.backward_line < facts.line(clear.node) < words.step_line
    return Offer(
        words,
        SAFE if safe else UNSAFE,
        (
            made(lambda: [removal(facts, clear.node, clear.text)]),
            made(lambda: [insertion(facts, root, clear, words, step, backward, around, safe), removal(facts, clear.node, clear.text)]),
        ),
    )


def insertion(
    facts: FileFacts, root: RootFacts, clear: Clear, words: MisplacedClear, step: Event, backward: Event,
    around: Loop | None, safe: bool,
) -> Edit:
    """The clear where it belongs: after a guarded step, at the top of the loop, or else before the backward;
    written as the code there names what it clears (a helper's `optimizer` may be the loop's `opt`)."""
    try:
        statement(words.clear)
    except CannotFix:
        raise CannotFix(f"`{words.clear}` is not a statement of its own") from None
    loop = around.node if around is not None else None
    if words.step_guarded:
        line, kind, place = starting_with(facts, step.node), INSERT_AFTER, step
    elif around is not None and (encloses(facts, loop, facts.line(clear.node)) or not safe):
        line, kind, place = loop, INSERT_FIRST, around
    else:
        line, kind, place = starting_with(facts, backward.node), INSERT_BEFORE, backward
    moved = root.translated(words.clear, clear, place)
    if moved is None:
        raise CannotFix(f"no name where `{words.clear}` would go is bound to what it clears")
    return Edit.at(kind, line, facts, moved)


def removal(facts: FileFacts, clear: cst.CSTNode, text: str) -> Edit:
    """The clear's statement, which must hold nothing else."""
    line = statement_of(facts, clear)
    if not is_only(line, text):
        raise CannotFix(f"the statement holds more than `{text}`")
    return Edit.at(REMOVE, line, facts)


def message(d: Diagnostic) -> str:
    words = MisplacedClear.of(d)
    if words.step_guarded:
        where = "right after the step"
    elif words.loop_line is not None:
        where = "to the start of the iteration"
    else:
        where = "before the backward"
    return f"Move `{words.clear}` {where}"


FIX = Fix(
    "ZG102", message,
    order=6,
    smaller=Variant(lambda d: f"Remove `{MisplacedClear.of(d).clear}`: a clear already runs where it belongs"),
    does=(
        "Remove the clear when another clear already runs where it belongs; otherwise move it to the top of "
        "the iteration; for a step under a condition, right after the step; in a step helper, right before "
        "the backward; written as the code there names what it clears."
    ),
    safety=(
        "safe for a plain `x.zero_grad()` written between backward and step; unsafe for a clear inside a "
        "helper (the helper may be used elsewhere)"
    ),
)
