"""ZG501, unsafe: divide the loss given to backward by the accumulation count.

`loss.backward()` becomes `(loss / n).backward()`, and `scaler.scale(loss).backward()`
becomes `scaler.scale(loss / n).backward()`. Unsafe: it changes the size of
every update (that is the point), and a loss that is already a per-batch sum,
or a count that differs at the end of an epoch, may want another divisor.
"""

from __future__ import annotations

import libcst as cst

from zerograd_lint.analysis.facts import FileFacts
from zerograd_lint.analysis.ir.names import source_of
from zerograd_lint.fixes.base import UNSAFE, Fix, Offer, made
from zerograd_lint.fixes.edit import REPLACE, SHAPE, CannotFix, Edit
from zerograd_lint.fixes.fix_facts import UnscaledLoss

ATOMS = (cst.Name, cst.Attribute, cst.Call, cst.Subscript, cst.Integer, cst.Float)


def offer(facts: FileFacts, backward: cst.CSTNode, loss: str, accumulation: str | None, step: cst.CSTNode) -> Offer:
    """`backward` of `loss` divided by the `accumulation` count (None: not known) of the `step`."""
    words = UnscaledLoss(accumulation=accumulation, loss=loss, step_line=facts.line(step))
    return Offer(words, UNSAFE, (made(lambda: [divide_loss(facts, backward, words)]),))


def divided(loss: cst.BaseExpression, count: str) -> cst.BaseExpression:
    divisor = cst.parse_expression(count)
    if not isinstance(divisor, ATOMS):
        divisor = parenthesized(divisor)
    if not isinstance(loss, ATOMS):
        loss = parenthesized(loss)
    return cst.BinaryOperation(loss, cst.Divide(), divisor)


def parenthesized(expression: cst.BaseExpression) -> cst.BaseExpression:
    return expression.with_changes(lpar=[cst.LeftParen()], rpar=[cst.RightParen()])


def divide_loss(facts: FileFacts, call: cst.CSTNode, words: UnscaledLoss) -> Edit:
    count, loss = words.accumulation, words.loss
    if not count:
        raise CannotFix("the accumulation count is not known")
    if not isinstance(call, cst.Call):
        raise CannotFix(SHAPE)
    receiver = call.func.value if isinstance(call.func, cst.Attribute) else None
    if receiver is not None and source_of(receiver) == loss:
        new = call.with_changes(func=call.func.with_changes(value=parenthesized(divided(receiver, count))))
    elif isinstance(receiver, cst.Call) and len(receiver.args) == 1 and source_of(receiver.args[0].value) == loss:
        argument = receiver.args[0].with_changes(value=divided(receiver.args[0].value, count))
        new = call.with_changes(func=call.func.with_changes(value=receiver.with_changes(args=[argument])))
    else:
        raise CannotFix(f"`{loss}` is not what the backward is called on")
    return Edit.at(REPLACE, call, facts, source_of(new))


FIX = Fix(
    "ZG501", lambda d: f"Divide `{UnscaledLoss.of(d).loss}` by `{UnscaledLoss.of(d).accumulation}`",
    order=8,
    contradicted_by=("ZG105",),  # a clear per micro-batch: the step gets one, dividing would shrink it,
    does=(
        "Divide the loss given to backward by the accumulation count: `(loss / n).backward()`, "
        "`scaler.scale(loss / n).backward()`."
    ),
    safety=(
        "unsafe: it changes every update's size, and a summed loss or a short last accumulation may want "
        "another divisor"
    ),
)
