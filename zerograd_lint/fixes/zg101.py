"""ZG101: clear the gradients where RULES.md's "Use instead" puts the clear.

A plain loop gets `opt.zero_grad()` as the first statement of the iteration; a
step under an accumulation (or other) condition gets it right after the step,
inside that condition, so the accumulated gradients are kept until applied.
The file's own `set_to_none=False` style is kept. Safe when the optimizer is a
plain name or attribute (`opt`, `self.optimizer`); otherwise (a group of
optimizers, a subscript) the analysis is less than certain: unsafe.
"""

from __future__ import annotations

import libcst as cst

from zerograd_lint.diagnostics import Diagnostic
from zerograd_lint.fixes.base import SAFE, UNSAFE, Fix, is_plain_receiver
from zerograd_lint.fixes.edit import CannotFix, directly_in_loop, insert_after, insert_at_loop_top, statement


def clear_call(d: Diagnostic) -> str:
    argument = "set_to_none=False" if d.data.get("set_to_none") is False else ""
    return f"{d.data['optimizer']}.zero_grad({argument})"


def add_clear(module: cst.Module, d: Diagnostic) -> cst.Module:
    try:
        clear = statement(clear_call(d))
    except cst.ParserSyntaxError:
        raise CannotFix(f"`{d.data['optimizer']}` is not an expression") from None
    if after_step(module, d):
        return insert_after(module, d.line, d.column, clear)
    return insert_at_loop_top(module, d.data["loop_line"], clear)


def after_step(module: cst.Module, d: Diagnostic) -> bool:
    """A step under a condition inside the loop (accumulation) keeps its gradients until the step: clear right after it.

    A step straight in the loop body, even one a `continue` may skip, is served by a clear at the top.
    """
    return bool(d.data.get("guarded")) and not directly_in_loop(module, d.data["loop_line"], d.data["step_line"])


def applicability(d: Diagnostic) -> str:
    return SAFE if is_plain_receiver(d.data.get("optimizer")) else UNSAFE


def message(d: Diagnostic) -> str:
    where = "right after the step, inside its condition" if d.data.get("guarded") else f"at the start of the loop (line {d.data['loop_line']})"
    return f"Insert `{clear_call(d)}` {where}"


FIX = Fix("ZG101", add_clear, applicability, message)
