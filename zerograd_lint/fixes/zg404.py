"""ZG404, safe: `scaler.update()` right after `scaler.step(opt)`, as every AMP loop needs.

An update written once per epoch, right after the batch loop, moves in: left
there it would run without a step of its own, which raises.
"""

from __future__ import annotations

import libcst as cst

from zerograd_lint.analysis.facts import FileFacts
from zerograd_lint.analysis.ir.names import source_of
from zerograd_lint.fixes.base import SAFE, Fix, Offer, made
from zerograd_lint.fixes.edit import DROP, INSERT_AFTER, CannotFix, Edit
from zerograd_lint.fixes.fix_facts import ScaledStep
from zerograd_lint.fixes.places import in_blocks, is_only, statement_of


def offer(facts: FileFacts, step: cst.CSTNode, scaler: str, optimizer: str) -> Offer:
    """The update after the scaler's `step`."""
    return Offer(ScaledStep(scaler=scaler, optimizer=optimizer), SAFE, (made(lambda: add_update(facts, step)),))


def add_update(facts: FileFacts, step: cst.CSTNode) -> list[Edit]:
    if not isinstance(step, cst.Call) or not isinstance(step.func, cst.Attribute):
        raise CannotFix("the scaler's step is not a method call")
    update = f"{source_of(step.func.value)}.update()"  # the scaler as written at its step
    line = statement_of(facts, step)
    return [*updates_after_loops(facts, step, update), Edit.at(INSERT_AFTER, line, facts, update)]


def updates_after_loops(facts: FileFacts, step: cst.CSTNode, update: str) -> list[Edit]:
    """The `scaler.update()` standing right after a loop that holds the step, dropped."""
    assert facts.module is not None
    found = []
    for loop, block in in_blocks(facts.module, step):
        if isinstance(loop, (cst.For, cst.While)) and isinstance(block, cst.IndentedBlock):
            index = next(index for index, s in enumerate(block.body) if s is loop)
            follower = block.body[index + 1] if index + 1 < len(block.body) else None
            if follower is not None and is_only(follower, update):
                found.append(Edit.at(DROP, follower, facts))
    return found


FIX = Fix(
    "ZG404", lambda d: f"Insert `{ScaledStep.of(d).scaler}.update()` after the scaler's step",
    order=3,
    does=(
        "Insert `scaler.update()` right after `scaler.step(opt)`; an update standing right after the batch "
        "loop moves in."
    ),
    safety="safe",
)
