"""ZG602, unsafe: accumulate the loss's value, not the tensor: `total += loss` -> `total += loss.item()`.

Unsafe, and only offered for the loss itself (a scalar: `.item()` of a model's
output would raise; a dict or tuple of tensors has none) when the accumulator is only printed or logged besides
being reset and added to: it becomes a Python number instead of a tensor, which
any other use (`total.item()`, `torch.stack(losses)`, a backward) would notice.
"""

from __future__ import annotations

import libcst as cst

from zerograd_lint.analysis.facts import FileFacts
from zerograd_lint.analysis.ir.names import source_of
from zerograd_lint.analysis.ir.state_events import accumulation, live_names
from zerograd_lint.fixes.base import UNSAFE, Fix, Offer, made
from zerograd_lint.fixes.edit import REPLACE, CannotFix, Edit
from zerograd_lint.fixes.fix_facts import KeptLoss

ATOMS = (cst.Name, cst.Attribute, cst.Call, cst.Subscript)


def offer(
    facts: FileFacts, accumulation: cst.CSTNode, accumulator: str, value: str, item_fix: bool, container: str | None = None
) -> Offer:
    """`accumulation` (into `accumulator`) adding the number of `value` instead of the tensor; `item_fix`: certain to
    fit; `container`: the kind of container `value` is, which has no number to read."""
    words = KeptLoss(accumulator=accumulator, value=value, item_fix=item_fix and container is None, container=container)
    return Offer(words, UNSAFE, (made(lambda: [add_numbers(facts, accumulation, words)]),))


def as_number(node: cst.BaseExpression, name: str) -> cst.BaseExpression:
    """`node` with every tensor held under `name` read as a number: `loss * n` -> `loss.item() * n`."""
    if isinstance(node, cst.BinaryOperation):
        return node.with_changes(left=as_number(node.left, name), right=as_number(node.right, name))
    if isinstance(node, cst.UnaryOperation):
        return node.with_changes(expression=as_number(node.expression, name))
    if isinstance(node, (cst.List, cst.Tuple)):  # `kept += [loss]`
        return node.with_changes(elements=[e.with_changes(value=as_number(e.value, name)) for e in node.elements])
    if name not in live_names(node) and source_of(node) != name:  # `out["loss"]` itself, an entry of a dict
        return node
    receiver = node if isinstance(node, ATOMS) or node.lpar else node.with_changes(lpar=[cst.LeftParen()], rpar=[cst.RightParen()])
    return cst.Call(func=cst.Attribute(value=receiver, attr=cst.Name("item")))


def add_numbers(facts: FileFacts, node: cst.CSTNode, words: KeptLoss) -> Edit:
    """The added value (of `total += v`, `total = total + v`, `ema = beta * ema + (1 - beta) * v`, `losses.append(v)`)
    as a number."""
    if words.container is not None:
        raise CannotFix(f"`{words.value}` is a {words.container}: its entries are to be detached, it has no `.item()`")
    if not words.item_fix:
        raise CannotFix(f"`{words.value}` is no loss, or `{words.accumulator}` is used as a tensor elsewhere")
    shape = accumulation(node) if isinstance(node, (cst.AugAssign, cst.Assign)) else None
    if shape is not None:  # the addend beside the old value, as the analysis reads it (`0.1 * loss` of an average)
        added = shape[1]
    elif isinstance(node, cst.Call) and len(node.args) == 1:
        added = node.args[0].value
    else:
        raise CannotFix("the accumulating statement is not the expected shape")
    return Edit.at(REPLACE, added, facts, source_of(as_number(added, words.value)))


FIX = Fix(
    "ZG602", lambda d: f"Add `{KeptLoss.of(d).value}.item()` instead of the tensor",
    order=10,
    does=(
        "Add the loss's number instead of the tensor: `total += loss` -> `total += loss.item()`, "
        "`losses.append(loss.item())`."
    ),
    safety="unsafe: the accumulator becomes a number; offered only when it is otherwise only printed or logged",
)
