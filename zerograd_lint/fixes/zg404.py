"""ZG404, safe: `scaler.update()` right after `scaler.step(opt)`, as every AMP loop needs.

An update written once per epoch, right after the batch loop, moves in: left
there it would run without a step of its own, which raises.
"""

from __future__ import annotations

import libcst as cst
from libcst.metadata import MetadataWrapper

from zerograd_lint.core.diagnostics import Diagnostic
from zerograd_lint.fixes.base import SAFE, Fix, always
from zerograd_lint.fixes.edit import CannotFix, Edit, source_of, contains, insert_after, is_only, node_at, statement
from zerograd_lint.rules.fix_facts import ScaledStep


class _DropUpdateAfterLoop(Edit):
    """Removes `scaler.update()` standing right after the loop that holds the step, if there is one."""

    def __init__(self, d: Diagnostic, update: str) -> None:
        super().__init__()
        self.d, self.update = d, update

    def leave_IndentedBlock(self, original: cst.IndentedBlock, updated: cst.IndentedBlock) -> cst.IndentedBlock:
        body = list(updated.body)
        for index, child in enumerate(original.body[:-1]):
            follower = body[index + 1]
            if (
                isinstance(child, (cst.For, cst.While)) and contains(self.where(child), self.d.line, self.d.column)
                and isinstance(follower, cst.SimpleStatementLine) and is_only(follower, self.update)
            ):
                self.done += 1
                del body[index + 1]
                return updated.with_changes(body=body)
        return updated


def add_update(module: cst.Module, d: Diagnostic) -> cst.Module:
    step = node_at(module, cst.Call, (d.line, d.column, d.end_line, d.end_column))
    if not isinstance(step, cst.Call) or not isinstance(step.func, cst.Attribute):
        raise CannotFix("the scaler's step is not a method call")
    update = f"{source_of(step.func.value)}.update()"  # the scaler as written at its step
    moved = MetadataWrapper(module, unsafe_skip_copy=True).visit(_DropUpdateAfterLoop(d, update))
    return insert_after(moved, d.line, d.column, statement(update))


FIX = Fix(
    "ZG404", add_update, always(SAFE), lambda d: f"Insert `{ScaledStep.of(d).scaler}.update()` after the scaler's step",
    does=(
        "Insert `scaler.update()` right after `scaler.step(opt)`; an update standing right after the batch "
        "loop moves in."
    ),
    safety="safe",
)
