"""ZG204: move the scheduler's step after the optimizer's step.

The `scheduler.step()` statement moves to right after the statement of the same
block that holds the optimizer's step (the step itself, or the batch loop around
it), when nothing in between can notice the move: no other use of the scheduler,
no read of the learning rate, no jump that could skip the moved step. Otherwise no
fix is offered. Safe: the file then runs the schedule as PyTorch documents it.
"""

from __future__ import annotations

from typing import Sequence

import libcst as cst
import libcst.matchers as m

from zerograd_lint.core.diagnostics import Diagnostic
from zerograd_lint.fixes.base import SAFE, Fix, always
from zerograd_lint.fixes.edit import CannotFix, Edit, source_of, contains, is_only, run
from zerograd_lint.rules.fix_facts import EarlySchedulerStep

LEARNING_RATE_READS = ("param_groups", "get_last_lr", "get_lr", "_last_lr")


class _MoveAfter(Edit):
    def __init__(self, d: Diagnostic) -> None:
        super().__init__()
        self.d = d

    def leave_IndentedBlock(self, original: cst.IndentedBlock, updated: cst.IndentedBlock) -> cst.IndentedBlock:
        return updated.with_changes(body=self.moved(original.body, updated.body))

    def leave_Module(self, original: cst.Module, updated: cst.Module) -> cst.Module:
        return updated.with_changes(body=self.moved(original.body, updated.body))

    def moved(self, originals: Sequence[cst.BaseStatement], body: Sequence[cst.BaseStatement]) -> list[cst.BaseStatement]:
        d = self.d
        facts = EarlySchedulerStep.of(d)
        statements = list(body)
        here = [i for i, child in enumerate(originals) if isinstance(child, cst.SimpleStatementLine) and contains(self.where(child), d.line, d.column)]
        there = [i for i, child in enumerate(originals) if contains(self.where(child), facts.step_line, facts.step_column)]
        if not here or not there:
            return statements
        scheduler_at, step_at = here[0], there[0]
        scheduler = originals[scheduler_at]
        if not is_only(scheduler, f"{facts.scheduler}.step()") or step_at <= scheduler_at:
            raise CannotFix("the scheduler's step and the optimizer's step are not in the same block, in this order")
        between = originals[scheduler_at + 1 : step_at]
        if any(notices_the_move(s, facts.scheduler) for s in between) or uses_scheduler(originals[step_at], facts.scheduler):
            raise CannotFix("code between the two steps depends on their order")
        self.done += 1
        moving = statements.pop(scheduler_at)
        following = statements[scheduler_at]
        statements[scheduler_at] = following.with_changes(leading_lines=[*moving.leading_lines, *following.leading_lines])
        statements.insert(step_at, moving.with_changes(leading_lines=[]))
        return statements


def uses_scheduler(node: cst.CSTNode, scheduler: str) -> bool:
    return any(source_of(found) == scheduler for found in m.findall(node, m.Name() | m.Attribute()))


def notices_the_move(node: cst.CSTNode, scheduler: str) -> bool:
    """A use of the scheduler, a read of the learning rate, or a jump out of the block."""
    if uses_scheduler(node, scheduler):
        return True
    if any(source_of(found.attr) in LEARNING_RATE_READS for found in m.findall(node, m.Attribute())):
        return True
    jumps = m.findall(node, m.Return() | m.Raise() | m.Continue() | m.Break())
    return bool(jumps)


def move_scheduler_step(module: cst.Module, d: Diagnostic) -> cst.Module:
    return run(module, _MoveAfter(d))


FIX = Fix(
    "ZG204", move_scheduler_step, always(SAFE), lambda d: f"Move `{EarlySchedulerStep.of(d).scheduler}.step()` after the optimizer's step",
    does=(
        "Move `scheduler.step()` right after the statement of its block that holds the optimizer's step (the "
        "step itself, or the batch loop around it)."
    ),
    safety="safe",
)
