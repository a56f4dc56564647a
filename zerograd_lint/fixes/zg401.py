"""ZG401, safe: `scaler.unscale_(opt)` right before the clip, with that loop's scaler and optimizer.

The clip then sees true gradients; `scaler.step` knows they are unscaled and
does not unscale again. When the statement right before the clip unscales
only under a condition (`if clip: scaler.unscale_(opt)`), that condition is
dropped instead: a second unscale would raise.
"""

from __future__ import annotations

import libcst as cst

from zerograd_lint.core.diagnostics import Diagnostic
from zerograd_lint.fixes.base import SAFE, Fix, always
from zerograd_lint.fixes.edit import CannotFix, Edit, contains, insert_before, is_only, run, statement
from zerograd_lint.rules.fix_facts import ScaledStep


def unscale_call(d: Diagnostic) -> str:
    facts = ScaledStep.of(d)
    return f"{facts.scaler}.unscale_({facts.optimizer})"


class _UnconditionalUnscale(Edit):
    """Replaces `if ...: <unscale>` (no else) right before the statement holding the clip by the unscale alone."""

    def __init__(self, d: Diagnostic) -> None:
        super().__init__()
        self.d, self.unscale = d, unscale_call(d)

    def leave_IndentedBlock(self, original: cst.IndentedBlock, updated: cst.IndentedBlock) -> cst.IndentedBlock:
        body = list(updated.body)
        for index, child in enumerate(original.body[1:], start=1):
            if not contains(self.where(child), self.d.line, self.d.column):
                continue
            before = body[index - 1]
            if self.conditional_unscale(before):
                assert isinstance(before, cst.If) and isinstance(before.body, cst.IndentedBlock)
                only = before.body.body[0]
                body[index - 1] = only.with_changes(leading_lines=before.leading_lines)
                self.done += 1
        return updated.with_changes(body=body)

    def conditional_unscale(self, node: cst.BaseStatement) -> bool:
        return (
            isinstance(node, cst.If) and node.orelse is None and isinstance(node.body, cst.IndentedBlock)
            and len(node.body.body) == 1 and isinstance(node.body.body[0], cst.SimpleStatementLine)
            and is_only(node.body.body[0], self.unscale)
        )


def add_unscale(module: cst.Module, d: Diagnostic) -> cst.Module:
    try:
        return run(module, _UnconditionalUnscale(d))
    except CannotFix:  # no conditional unscale right before the clip
        return insert_before(module, d.line, d.column, statement(unscale_call(d)))


FIX = Fix(
    "ZG401", add_unscale, always(SAFE), lambda d: f"Insert `{unscale_call(d)}` before the clip",
    does=(
        "Insert `scaler.unscale_(opt)` right before the clip; an `if ...: scaler.unscale_(opt)` right before "
        "the clip loses its condition instead."
    ),
    safety="safe",
)
