"""ZG501, unsafe: divide the loss given to backward by the accumulation count.

`loss.backward()` becomes `(loss / n).backward()`, and `scaler.scale(loss).backward()`
becomes `scaler.scale(loss / n).backward()`. Unsafe: it changes the size of
every update (that is the point), and a loss that is already a per-batch sum,
or a count that differs at the end of an epoch, may want another divisor.
"""

from __future__ import annotations

import libcst as cst

from zerograd_lint.core.diagnostics import Diagnostic
from zerograd_lint.fixes.base import UNSAFE, Fix, always
from zerograd_lint.fixes.edit import CannotFix, source_of, replace_node
from zerograd_lint.rules.fix_facts import UnscaledLoss

ATOMS = (cst.Name, cst.Attribute, cst.Call, cst.Subscript, cst.Integer, cst.Float)


def divided(loss: cst.BaseExpression, count: str) -> cst.BaseExpression:
    divisor = cst.parse_expression(count)
    if not isinstance(divisor, ATOMS):
        divisor = divisor.with_changes(lpar=[cst.LeftParen()], rpar=[cst.RightParen()])
    if not isinstance(loss, ATOMS):
        loss = loss.with_changes(lpar=[cst.LeftParen()], rpar=[cst.RightParen()])
    return cst.BinaryOperation(loss, cst.Divide(), divisor)


def parenthesized(expression: cst.BaseExpression) -> cst.BaseExpression:
    return expression.with_changes(lpar=[cst.LeftParen()], rpar=[cst.RightParen()])


def divide_loss(module: cst.Module, d: Diagnostic) -> cst.Module:
    facts = UnscaledLoss.of(d)
    count, loss = facts.accumulation, facts.loss
    if not count:
        raise CannotFix("the accumulation count is not known")

    def replace(call: cst.CSTNode) -> cst.CSTNode:
        assert isinstance(call, cst.Call)
        receiver = call.func.value if isinstance(call.func, cst.Attribute) else None
        if receiver is not None and source_of(receiver) == loss:
            return call.with_changes(func=call.func.with_changes(value=parenthesized(divided(receiver, count))))
        if isinstance(receiver, cst.Call) and len(receiver.args) == 1 and source_of(receiver.args[0].value) == loss:
            argument = receiver.args[0].with_changes(value=divided(receiver.args[0].value, count))
            return call.with_changes(func=call.func.with_changes(value=receiver.with_changes(args=[argument])))
        raise CannotFix(f"`{loss}` is not what the backward is called on")

    return replace_node(module, cst.Call, (d.line, d.column, d.end_line, d.end_column), replace)


FIX = Fix(
    "ZG501", divide_loss, always(UNSAFE), lambda d: f"Divide `{UnscaledLoss.of(d).loss}` by `{UnscaledLoss.of(d).accumulation}`",
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
