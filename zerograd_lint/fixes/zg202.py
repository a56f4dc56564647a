"""ZG202, safe: call the method that was only named (`optimizer.zero_grad` -> `optimizer.zero_grad()`).

The line did nothing; it now does what it says, and nothing else changes. What
the other rules then say about the line (a step that now runs with no clear) is
revealed, not caused: those reports are fixed in turn.
`scaler.unscale_` needs its optimizer: the one that scaler steps (`scaler.step(opt)`)
in the file; with none to be found the fix is skipped.
"""

from __future__ import annotations

import libcst as cst

from zerograd_lint.analysis.facts import FileFacts
from zerograd_lint.analysis.ir.names import source_of
from zerograd_lint.fixes.base import SAFE, Fix, Offer, made
from zerograd_lint.fixes.edit import REPLACE, SHAPE, CannotFix, Edit
from zerograd_lint.fixes.fix_facts import UncalledMethod
from zerograd_lint.fixes.places import descendants


def offer(facts: FileFacts, uncalled: cst.CSTNode, replacement: str) -> Offer:
    """The call of the method `uncalled` only names (`replacement`: the call, for the message)."""
    return Offer(UncalledMethod(replacement=replacement), SAFE, (made(lambda: [call(facts, uncalled)]),))


def call(facts: FileFacts, attribute: cst.CSTNode) -> Edit:
    if not isinstance(attribute, cst.Attribute):
        raise CannotFix(SHAPE)
    arguments = [stepped_optimizer(facts, attribute.value)] if attribute.attr.value == "unscale_" else []
    return Edit.at(REPLACE, attribute, facts, source_of(cst.Call(func=attribute, args=arguments)))


def stepped_optimizer(facts: FileFacts, scaler: cst.BaseExpression) -> cst.Arg:
    """The argument of the first `scaler.step(opt)` of this scaler."""
    assert facts.module is not None
    for step in descendants(facts.module):
        if (
            isinstance(step, cst.Call) and isinstance(step.func, cst.Attribute) and step.func.attr.value == "step"
            and len(step.args) == 1 and step.args[0].keyword is None and source_of(step.func.value) == source_of(scaler)
        ):
            return step.args[0]
    raise CannotFix(f"`{source_of(scaler)}.unscale_` needs its optimizer and no `{source_of(scaler)}.step(...)` names one")


FIX = Fix(
    "ZG202", lambda d: f"Add the call parentheses: `{UncalledMethod.of(d).replacement}`",
    order=1,  # a missing call first: the other fixes may rely on it
    reveals=True,  # a step that now runs may show it was never cleared for (ZG101): a report about that line,
    does="Add the call parentheses; `scaler.unscale_` gets the optimizer its scaler steps.",
    safety="safe",
)
