"""ZG103: remove the redundant clear (the other one, at `other_line`, stays).

Safe for a plain optimizer receiver; a clear through anything else may do more
than clear (a helper, a subscript): unsafe.
"""

from __future__ import annotations

import libcst as cst

from zerograd_lint.core.diagnostics import Diagnostic
from zerograd_lint.fixes.base import SAFE, UNSAFE, Fix, is_plain_clear
from zerograd_lint.fixes.edit import remove_statement
from zerograd_lint.rules.fix_facts import RedundantClear


def remove_clear(module: cst.Module, d: Diagnostic) -> cst.Module:
    return remove_statement(module, d.line, d.column, RedundantClear.of(d).clear)


def applicability(d: Diagnostic) -> str:
    return SAFE if is_plain_clear(RedundantClear.of(d).clear) else UNSAFE


FIX = Fix(
    "ZG103", remove_clear, applicability, lambda d: f"Remove the redundant clear (the clear at line {RedundantClear.of(d).other_line} stays)",
    does="Remove the redundant clear (the other clear stays).",
    safety="safe for a plain `x.zero_grad()`, else unsafe",
)
