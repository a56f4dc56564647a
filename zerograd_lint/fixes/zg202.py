"""ZG202, safe: call the method that was only named (`optimizer.zero_grad` -> `optimizer.zero_grad()`).

The line did nothing; it now does what it says, and nothing else changes. What
the other rules then say about the line (a step that now runs with no clear) is
revealed, not caused: those reports are fixed in turn.
`scaler.unscale_` needs its optimizer: the one that scaler steps (`scaler.step(opt)`)
in the file; with none to be found the fix is skipped.
"""

from __future__ import annotations

import libcst as cst
import libcst.matchers as m

from zerograd_lint.core.diagnostics import Diagnostic
from zerograd_lint.fixes.base import SAFE, Fix, always
from zerograd_lint.fixes.edit import CannotFix, source_of, replace_node
from zerograd_lint.rules.fix_facts import UncalledMethod


def stepped_optimizer(module: cst.Module, scaler: cst.BaseExpression) -> cst.Arg:
    """The argument of the first `scaler.step(opt)` of this scaler."""
    for call in m.findall(module, m.Call(func=m.Attribute(attr=m.Name("step")), args=[m.Arg(keyword=None)])):
        assert isinstance(call, cst.Call) and isinstance(call.func, cst.Attribute)
        if source_of(call.func.value) == source_of(scaler):
            return call.args[0]
    raise CannotFix(f"`{source_of(scaler)}.unscale_` needs its optimizer and no `{source_of(scaler)}.step(...)` names one")


def call(module: cst.Module, d: Diagnostic) -> cst.Module:
    def called(attribute: cst.CSTNode) -> cst.CSTNode:
        assert isinstance(attribute, cst.Attribute)
        if attribute.attr.value == "unscale_":
            return cst.Call(func=attribute, args=[stepped_optimizer(module, attribute.value)])
        return cst.Call(func=attribute)

    return replace_node(module, cst.Attribute, (d.line, d.column, d.end_line, d.end_column), called)


FIX = Fix(
    "ZG202", call, always(SAFE), lambda d: f"Add the call parentheses: `{UncalledMethod.of(d).replacement}`",
    reveals=True,  # a step that now runs may show it was never cleared for (ZG101): a report about that line,
    does="Add the call parentheses; `scaler.unscale_` gets the optimizer its scaler steps.",
    safety="safe",
)
