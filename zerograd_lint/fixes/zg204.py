"""ZG204: move the scheduler's step after the optimizer's step.

The `scheduler.step()` statement moves to right after the statement of the same
block that holds the optimizer's step (the step itself, or the batch loop around
it), when nothing in between can notice the move: no other use of the scheduler,
no read of the learning rate, no jump that could skip the moved step. Otherwise no
fix is offered. Safe: the file then runs the schedule as PyTorch documents it.
"""

from __future__ import annotations

import libcst as cst

from zerograd_lint.analysis.facts import FileFacts
from zerograd_lint.analysis.ir.names import source_of
from zerograd_lint.fixes.base import SAFE, Fix, Offer, made
from zerograd_lint.fixes.edit import INSERT_AFTER, REMOVE, SHAPE, CannotFix, Edit
from zerograd_lint.fixes.fix_facts import EarlySchedulerStep
from zerograd_lint.fixes.places import descendants, in_blocks, is_only, statement_of

LEARNING_RATE_READS = ("param_groups", "get_last_lr", "get_lr", "_last_lr")


def offer(facts: FileFacts, scheduler_step: cst.CSTNode, scheduler: str, step: cst.CSTNode) -> Offer:
    """The move of `scheduler_step` (of `scheduler`) after the optimizer's `step`."""
    return Offer(EarlySchedulerStep(scheduler=scheduler), SAFE, (made(lambda: move_after(facts, scheduler_step, scheduler, step)),))


def move_after(facts: FileFacts, scheduler_step: cst.CSTNode, scheduler: str, step: cst.CSTNode) -> list[Edit]:
    assert facts.module is not None
    moving = statement_of(facts, scheduler_step)
    block = next(block for statement, block in in_blocks(facts.module, moving))
    holder = next((statement for statement, around in in_blocks(facts.module, step) if around is block), None)
    if holder is None:
        raise CannotFix(SHAPE)
    body = list(block.body)
    scheduler_at, step_at = index_in(body, moving), index_in(body, holder)
    if not is_only(moving, f"{scheduler}.step()") or step_at <= scheduler_at:
        raise CannotFix("the scheduler's step and the optimizer's step are not in the same block, in this order")
    if any(notices_the_move(s, scheduler) for s in body[scheduler_at + 1 : step_at]) or uses_scheduler(holder, scheduler):
        raise CannotFix("code between the two steps depends on their order")
    code = source_of(moving.with_changes(leading_lines=[])).rstrip("\r\n")
    return [Edit.at(REMOVE, moving, facts), Edit.at(INSERT_AFTER, holder, facts, code)]


def index_in(body: list[cst.BaseStatement], statement: cst.BaseStatement) -> int:
    return next(index for index, s in enumerate(body) if s is statement)


def uses_scheduler(node: cst.CSTNode, scheduler: str) -> bool:
    return any(isinstance(found, (cst.Name, cst.Attribute)) and source_of(found) == scheduler for found in descendants(node))


def notices_the_move(node: cst.CSTNode, scheduler: str) -> bool:
    """A use of the scheduler, a read of the learning rate, or a jump out of the block."""
    if uses_scheduler(node, scheduler):
        return True
    if any(isinstance(found, cst.Attribute) and found.attr.value in LEARNING_RATE_READS for found in descendants(node)):
        return True
    return any(isinstance(found, (cst.Return, cst.Raise, cst.Continue, cst.Break)) for found in descendants(node))


FIX = Fix(
    "ZG204", lambda d: f"Move `{EarlySchedulerStep.of(d).scheduler}.step()` after the optimizer's step",
    order=9,
    does=(
        "Move `scheduler.step()` right after the statement of its block that holds the optimizer's step (the "
        "step itself, or the batch loop around it)."
    ),
    safety="safe",
)
