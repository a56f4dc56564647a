"""ZG401, safe: `scaler.unscale_(opt)` right before the clip, with that loop's scaler and optimizer as the
clip's code names them (no fix where it has no name for them).

The clip then sees true gradients; `scaler.step` knows they are unscaled and
does not unscale again. When the statement right before the clip unscales
only under a condition (`if clip: scaler.unscale_(opt)`), that condition is
dropped instead: a second unscale would raise.
"""

from __future__ import annotations

import libcst as cst

from zerograd_lint.analysis.facts import FileFacts
from zerograd_lint.fixes.base import SAFE, Fix, Offer, made
from zerograd_lint.fixes.edit import INSERT_BEFORE, UNGUARD, Edit
from zerograd_lint.fixes.fix_facts import ScaledStep
from zerograd_lint.fixes.places import Block, in_blocks, is_only, statement_of


def offer(
    facts: FileFacts, clip: cst.CSTNode, scaler: str, optimizer: str, wrapper_cure: str | None = None, named: bool = True
) -> Offer:
    """The unscale of `optimizer` by `scaler` before `clip`; none where a library wrapper scaled the gradients
    (`wrapper_cure`: its own way, in words: the wrapper has no `unscale_` of its own to insert), nor where the clip's
    code has no name for either (`named`)."""
    words = ScaledStep(scaler=scaler, optimizer=optimizer)
    if wrapper_cure is not None:
        return Offer(words, SAFE, (f"a library wrapper scaled the gradients: {wrapper_cure}",))
    if not named:
        return Offer(words, SAFE, (f"no name at the clip is bound to `{scaler}` and `{optimizer}`",))
    return Offer(words, SAFE, (made(lambda: add_unscale(facts, clip, unscale_call(words))),))


def unscale_call(words: ScaledStep) -> str:
    return f"{words.scaler}.unscale_({words.optimizer})"


def add_unscale(facts: FileFacts, clip: cst.CSTNode, unscale: str) -> list[Edit]:
    assert facts.module is not None
    conditional = [
        previous for previous in (before(statement, block) for statement, block in in_blocks(facts.module, clip))
        if previous is not None and conditional_unscale(previous, unscale)
    ]
    if len(conditional) == 1:  # not two: that would unscale twice
        return [Edit.at(UNGUARD, conditional[0], facts)]
    line = statement_of(facts, clip)
    return [Edit.at(INSERT_BEFORE, line, facts, unscale)]


def before(statement: cst.BaseStatement, block: Block) -> cst.BaseStatement | None:
    """The statement right before `statement` in an indented block."""
    if not isinstance(block, cst.IndentedBlock):
        return None
    index = next(index for index, s in enumerate(block.body) if s is statement)
    return block.body[index - 1] if index > 0 else None


def conditional_unscale(node: cst.BaseStatement, unscale: str) -> bool:
    """`if ...: <unscale>` with no else."""
    return (
        isinstance(node, cst.If) and node.orelse is None and isinstance(node.body, cst.IndentedBlock)
        and len(node.body.body) == 1 and is_only(node.body.body[0], unscale)
    )


FIX = Fix(
    "ZG401", lambda d: f"Insert `{unscale_call(ScaledStep.of(d))}` before the clip",
    order=4,
    does=(
        "Insert `scaler.unscale_(opt)` right before the clip, the scaler and optimizer as the clip's code names "
        "them; an `if ...: scaler.unscale_(opt)` right before "
        "the clip loses its condition instead."
    ),
    safety="safe",
)
