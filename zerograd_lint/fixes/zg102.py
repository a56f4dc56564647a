"""ZG102: move the clear from between backward and step to where it belongs.

In a plain loop the clear goes to the top of the iteration; when the step is
under an accumulation (or other) condition, right after the step inside it,
so the accumulated gradients survive until applied; in a step helper with no
loop, or one called from a loop elsewhere, right before the backward. A
clear inside a helper called between backward and step (unsafe) moves to the
top of the calling loop. Safe for a plain `x.zero_grad()`; any other
clear (a helper, `p.grad = None` in a loop) is moved only with --unsafe-fixes.
Where another clear already runs where this one belongs, removing it is the
whole fix (moving it there would make that other clear redundant).
"""

from __future__ import annotations

import libcst as cst

from zerograd_lint.core.diagnostics import Diagnostic
from zerograd_lint.fixes.base import SAFE, UNSAFE, Fix, Variant, is_plain_clear
from zerograd_lint.fixes.edit import CannotFix, insert_after, insert_at_loop_top, insert_before, loop_encloses, remove_statement, statement
from zerograd_lint.rules.fix_facts import MisplacedClear


def move_clear(module: cst.Module, d: Diagnostic) -> cst.Module:
    facts = MisplacedClear.of(d)
    text = facts.clear
    try:
        clear = statement(text)
    except cst.ParserSyntaxError:
        raise CannotFix(f"`{text}` is not a statement of its own") from None
    # Insert first, then remove the clear, one line further down if the insertion went above it.
    if facts.step_guarded:
        moved, inserted_line = insert_after(module, facts.step_line, None, clear), facts.step_line + 1
    elif facts.loop_line is not None and (loop_encloses(module, facts.loop_line, d.line) or applicability(d) == UNSAFE):
        moved, inserted_line = insert_at_loop_top(module, facts.loop_line, clear), facts.loop_line + 1
    else:
        moved, inserted_line = insert_before(module, facts.backward_line, None, clear), facts.backward_line
    return remove_statement(moved, d.line + (inserted_line <= d.line), d.column, text)


def remove_clear(module: cst.Module, d: Diagnostic) -> cst.Module:
    """Enough when a clear already runs where this one belongs (the driver proves it): the smallest edit."""
    return remove_statement(module, d.line, d.column, MisplacedClear.of(d).clear)


def applicability(d: Diagnostic) -> str:
    """Safe for a plain clear written between the backward and the step; one inside a helper
    (which may be called elsewhere too) is moved out of it only with --unsafe-fixes."""
    facts = MisplacedClear.of(d)
    in_between = facts.backward_line < d.line < facts.step_line
    return SAFE if is_plain_clear(facts.clear) and in_between else UNSAFE


def message(d: Diagnostic) -> str:
    facts = MisplacedClear.of(d)
    if facts.step_guarded:
        where = "right after the step"
    elif facts.loop_line is not None:
        where = "to the start of the iteration"
    else:
        where = "before the backward"
    return f"Move `{facts.clear}` {where}"


FIX = Fix(
    "ZG102", move_clear, applicability, message,
    smaller=Variant(remove_clear, lambda d: f"Remove `{MisplacedClear.of(d).clear}`: a clear already runs where it belongs"),
    does=(
        "Remove the clear when another clear already runs where it belongs; otherwise move it to the top of "
        "the iteration; for a step under a condition, right after the step; in a step helper, right before "
        "the backward."
    ),
    safety=(
        "safe for a plain `x.zero_grad()` written between backward and step; unsafe for a clear inside a "
        "helper (the helper may be used elsewhere)"
    ),
)
