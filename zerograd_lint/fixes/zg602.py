"""ZG602, unsafe: accumulate the loss's value, not the tensor: `total += loss` -> `total += loss.item()`.

Unsafe, and only offered for the loss itself (a scalar: `.item()` of a model's
output would raise) when the accumulator is only printed or logged besides
being reset and added to: it becomes a Python number instead of a tensor, which
any other use (`total.item()`, `torch.stack(losses)`, a backward) would notice.
"""

from __future__ import annotations

import libcst as cst

from zerograd_lint.analysis.ir.state_events import live_names
from zerograd_lint.core.diagnostics import Diagnostic
from zerograd_lint.fixes.base import UNSAFE, Fix, always
from zerograd_lint.fixes.edit import CannotFix, source_of, replace_node
from zerograd_lint.rules.fix_facts import KeptLoss

ATOMS = (cst.Name, cst.Attribute, cst.Call, cst.Subscript)


def as_number(node: cst.BaseExpression, name: str) -> cst.BaseExpression:
    """`node` with every tensor held under `name` read as a number: `loss * n` -> `loss.item() * n`."""
    if isinstance(node, cst.BinaryOperation):
        return node.with_changes(left=as_number(node.left, name), right=as_number(node.right, name))
    if isinstance(node, cst.UnaryOperation):
        return node.with_changes(expression=as_number(node.expression, name))
    if isinstance(node, (cst.List, cst.Tuple)):  # `kept += [loss]`
        return node.with_changes(elements=[e.with_changes(value=as_number(e.value, name)) for e in node.elements])
    if name not in live_names(node):
        return node
    receiver = node if isinstance(node, ATOMS) or node.lpar else node.with_changes(lpar=[cst.LeftParen()], rpar=[cst.RightParen()])
    return cst.Call(func=cst.Attribute(value=receiver, attr=cst.Name("item")))


def add_numbers(module: cst.Module, d: Diagnostic) -> cst.Module:
    facts = KeptLoss.of(d)
    if not facts.item_fix:
        raise CannotFix(f"`{facts.value}` is no loss, or `{facts.accumulator}` is used as a tensor elsewhere")
    name = facts.value

    def replace(node: cst.CSTNode) -> cst.CSTNode:
        if isinstance(node, cst.AugAssign):
            return node.with_changes(value=as_number(node.value, name))
        if isinstance(node, cst.Assign) and isinstance(node.value, cst.BinaryOperation):
            accumulator = facts.accumulator
            value = node.value
            if source_of(value.left) == accumulator:
                return node.with_changes(value=value.with_changes(right=as_number(value.right, name)))
            return node.with_changes(value=value.with_changes(left=as_number(value.left, name)))
        if isinstance(node, cst.Call) and len(node.args) == 1:
            return node.with_changes(args=[node.args[0].with_changes(value=as_number(node.args[0].value, name))])
        raise CannotFix("the accumulating statement is not the expected shape")

    span = (d.line, d.column, d.end_line, d.end_column)
    return replace_node(module, (cst.AugAssign, cst.Assign, cst.Call), span, replace)


FIX = Fix(
    "ZG602", add_numbers, always(UNSAFE), lambda d: f"Add `{KeptLoss.of(d).value}.item()` instead of the tensor",
    does=(
        "Add the loss's number instead of the tensor: `total += loss` -> `total += loss.item()`, "
        "`losses.append(loss.item())`."
    ),
    safety="unsafe: the accumulator becomes a number; offered only when it is otherwise only printed or logged",
)
