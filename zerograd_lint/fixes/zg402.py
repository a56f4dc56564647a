"""ZG402, safe: `opt.step()` becomes `scaler.step(opt)`, and `scaler.update()` follows when the loop has none.

The scaler is written as the step's code names it (a helper's parameter); where
that code has no name for it, there is no fix.

A step with arguments (a closure) is left alone: `scaler.step` passes them on,
but such optimizers (LBFGS) do not support AMP scaling anyway.
"""

from __future__ import annotations

import libcst as cst

from zerograd_lint.analysis.facts import FileFacts
from zerograd_lint.analysis.ir.names import source_of
from zerograd_lint.base.diagnostics import Diagnostic
from zerograd_lint.fixes.base import SAFE, Fix, Offer, made
from zerograd_lint.fixes.edit import INSERT_AFTER, REPLACE, CannotFix, Edit
from zerograd_lint.fixes.fix_facts import BypassedScaler
from zerograd_lint.fixes.places import statement_of


def offer(facts: FileFacts, step: cst.CSTNode, scaler: str, optimizer: str, has_update: bool, named: bool) -> Offer:
    """`step` (of `optimizer`) through `scaler`; `has_update`: the loop already calls `scaler.update()`; `named`:
    `scaler` is a name the step's code has for the scaler (else no fix: the scaler is out of its reach)."""
    words = BypassedScaler(scaler=scaler, optimizer=optimizer, has_update=has_update)
    return Offer(words, SAFE, (made(lambda: through_scaler(facts, step, words, named)),))


def through_scaler(facts: FileFacts, step: cst.CSTNode, words: BypassedScaler, named: bool) -> list[Edit]:
    if not named:
        raise CannotFix(f"no name at the step is bound to the scaler `{words.scaler}`")
    if not isinstance(step, cst.Call) or step.args or not isinstance(step.func, cst.Attribute):
        raise CannotFix("the step has arguments")
    # The optimizer as written here (in a helper it may have another name than in the loop).
    edits = [Edit.at(REPLACE, step, facts, f"{words.scaler}.step({source_of(step.func.value)})")]
    if words.has_update:
        return edits
    line = statement_of(facts, step)
    return [*edits, Edit.at(INSERT_AFTER, line, facts, f"{words.scaler}.update()")]


def message(d: Diagnostic) -> str:
    words = BypassedScaler.of(d)
    update = "" if words.has_update else f" followed by `{words.scaler}.update()`"
    return f"Replace with `{words.scaler}.step({words.optimizer})`{update}"


FIX = Fix(
    "ZG402", message,
    order=2,  # the scaler's step before the fixes that name the scaler (ZG404, ZG401)
    does=(
        "Replace `opt.step()` with `scaler.step(opt)` (the optimizer as written at the step, the scaler as the "
        "step's code names it), adding `scaler.update()` if the loop has none."
    ),
    safety="safe",
)
