"""ZG103: remove the redundant clear (the other one, at `other_line`, stays).

Safe for a plain optimizer receiver; a clear through anything else may do more
than clear (a helper, a subscript): unsafe.
"""

from __future__ import annotations

import libcst as cst

from zerograd_lint.analysis.facts import FileFacts
from zerograd_lint.fixes.base import SAFE, UNSAFE, Fix, Offer, is_plain_clear, made
from zerograd_lint.fixes.fix_facts import RedundantClear
from zerograd_lint.fixes.zg102 import removal


def offer(facts: FileFacts, clear: cst.CSTNode, text: str, other: cst.CSTNode) -> Offer:
    """The removal of `clear` (written `text`), redundant with the clear `other`."""
    words = RedundantClear(other_line=facts.line(other), clear=text)
    return Offer(words, SAFE if is_plain_clear(text) else UNSAFE, (made(lambda: [removal(facts, clear, text)]),))


FIX = Fix(
    "ZG103", lambda d: f"Remove the redundant clear (the clear at line {RedundantClear.of(d).other_line} stays)",
    order=7,
    does="Remove the redundant clear (the other clear stays).",
    safety="safe for a plain `x.zero_grad()`, else unsafe",
)
