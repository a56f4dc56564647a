"""ZG402, safe: `opt.step()` becomes `scaler.step(opt)`, and `scaler.update()` follows when the loop has none.

A step with arguments (a closure) is left alone: `scaler.step` passes them on,
but such optimizers (LBFGS) do not support AMP scaling anyway.
"""

from __future__ import annotations

import libcst as cst

from zerograd_lint.core.diagnostics import Diagnostic
from zerograd_lint.fixes.base import SAFE, Fix, always
from zerograd_lint.fixes.edit import CannotFix, source_of, insert_after, replace_node, statement
from zerograd_lint.rules.fix_facts import BypassedScaler


def scaler_step(d: Diagnostic) -> str:
    facts = BypassedScaler.of(d)
    return f"{facts.scaler}.step({facts.optimizer})"


def through_scaler(module: cst.Module, d: Diagnostic) -> cst.Module:
    facts = BypassedScaler.of(d)
    def replace(call: cst.CSTNode) -> cst.CSTNode:
        if not isinstance(call, cst.Call) or call.args or not isinstance(call.func, cst.Attribute):
            raise CannotFix("the step has arguments")
        # The optimizer as written here (in a helper it may have another name than in the loop).
        return cst.parse_expression(f"{facts.scaler}.step({source_of(call.func.value)})")

    fixed = replace_node(module, cst.Call, (d.line, d.column, d.end_line, d.end_column), replace)
    if facts.has_update:
        return fixed
    return insert_after(fixed, d.line, d.column, statement(f"{facts.scaler}.update()"))


def message(d: Diagnostic) -> str:
    facts = BypassedScaler.of(d)
    update = "" if facts.has_update else f" followed by `{facts.scaler}.update()`"
    return f"Replace with `{scaler_step(d)}`{update}"


FIX = Fix(
    "ZG402", through_scaler, always(SAFE), message,
    does=(
        "Replace `opt.step()` with `scaler.step(opt)` (the optimizer as written at the step), adding "
        "`scaler.update()` if the loop has none."
    ),
    safety="safe",
)
