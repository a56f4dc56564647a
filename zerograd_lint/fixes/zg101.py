"""ZG101: clear the gradients where RULES.md's "Use instead" puts the clear.

A plain loop gets `opt.zero_grad()` as the first statement of the iteration; a
step under an accumulation (or other) condition gets it right after the step,
inside that condition, so the accumulated gradients are kept until applied.
A step in a helper the loop calls gets the clear right after it, where the
optimizer's name surely means that optimizer. A step that evaluates a closure
doing the backward (`opt.step(closure)`) gets it at the top of the closure:
the optimizer may evaluate it several times per step (LBFGS), and a clear
outside would leave those evaluations summing up. The file's own `set_to_none=False` style is kept. Safe when the optimizer is a
plain name or attribute (`opt`, `self.optimizer`); otherwise (a group of
optimizers, a subscript) the analysis is less than certain: unsafe.
"""

from __future__ import annotations

import libcst as cst
import libcst.matchers as m

from zerograd_lint.core.diagnostics import Diagnostic
from zerograd_lint.fixes.base import SAFE, UNSAFE, Fix, Variant, is_plain_receiver
from zerograd_lint.fixes.edit import (
    CannotFix, closure_of, source_of, directly_in_loop, insert_after, insert_at_function_top, insert_at_loop_top,
    insert_before, loop_at, loop_encloses, node_at, statement,
)
from zerograd_lint.rules.fix_facts import MissingClear


def clear_call(d: Diagnostic, optimizer: str | None = None) -> str:
    facts = MissingClear.of(d)
    argument = "set_to_none=False" if facts.set_to_none is False else ""
    return f"{optimizer or facts.optimizer}.zero_grad({argument})"


def add_clear(module: cst.Module, d: Diagnostic) -> cst.Module:
    facts = MissingClear.of(d)
    if facts.closure:
        return clear_in_closure(module, d)
    if after_step(module, d):
        # The step's own receiver: in a helper, `optimizer` there may be `opt` in the loop.
        return insert_after(module, d.line, d.column, parsed(clear_call(d, step_receiver(module, d))))
    return insert_at_loop_top(module, facts.loop_line, parsed(clear_call(d)))


def assigned_in_loop(module: cst.Module, loop_line: int, optimizer: str) -> bool:
    """Whether the loop (re)binds the optimizer: a clear at its top would run before it exists."""
    found = loop_at(module, loop_line)
    if found is None:
        return False
    targets = m.findall(found[0], m.AssignTarget() | m.AnnAssign() | m.AugAssign() | m.For() | m.AsName())
    bound = {source_of(getattr(node, "target", None) or node.name) for node in targets}
    return optimizer in bound or optimizer.split(".")[0] in bound


def step_receiver(module: cst.Module, d: Diagnostic) -> str:
    step = node_at(module, cst.Call, (d.line, d.column, d.end_line, d.end_column))
    if not isinstance(step, cst.Call) or not isinstance(step.func, cst.Attribute):
        raise CannotFix("the step is not a method call")
    return source_of(step.func.value)


def parsed(code: str) -> cst.SimpleStatementLine:
    try:
        return statement(code)
    except cst.ParserSyntaxError:
        raise CannotFix(f"`{code}` is not a statement") from None


def after_step(module: cst.Module, d: Diagnostic) -> bool:
    """A step under a condition inside the loop (accumulation) keeps its gradients until the step: clear right after it.

    So does a step in a helper the loop calls: the optimizer's name is only sure to
    mean the same thing where the step is written. A step straight in the loop
    body, even one a `continue` may skip, is served by a clear at the top.
    """
    facts = MissingClear.of(d)
    loop_line, step_line = facts.loop_line, facts.step_line
    if not loop_encloses(module, loop_line, step_line) or assigned_in_loop(module, loop_line, facts.optimizer):
        return True
    return bool(facts.guarded) and not directly_in_loop(module, loop_line, step_line)


def applicability(d: Diagnostic) -> str:
    return SAFE if is_plain_receiver(MissingClear.of(d).optimizer) else UNSAFE


def clear_before_backward(module: cst.Module, d: Diagnostic) -> cst.Module:
    """Where a clear at the top would double another (a branch that clears, one that does not):
    clear right before the backward that is not cleared, in the loop itself."""
    facts = MissingClear.of(d)
    backward_line = facts.backward_line
    if facts.closure or backward_line is None or not loop_encloses(module, facts.loop_line, backward_line):
        raise CannotFix("the backward is not in the loop")
    return insert_before(module, backward_line, None, parsed(clear_call(d)))


def clear_in_closure(module: cst.Module, d: Diagnostic) -> cst.Module:
    """The closure clears first: the optimizer may evaluate it several times in one step (LBFGS)."""
    step = node_at(module, cst.Call, (d.line, d.column, d.end_line, d.end_column))
    if not isinstance(step, cst.Call) or not isinstance(step.func, cst.Attribute):
        raise CannotFix("the step is not a method call")
    closure, optimizer = closure_of(module, step, source_of(step.func.value))
    return insert_at_function_top(module, closure, parsed(clear_call(d, optimizer)))


def message(d: Diagnostic) -> str:
    facts = MissingClear.of(d)
    if facts.closure:
        return f"Insert `{clear_call(d)}` at the top of the closure the step evaluates"
    where = "right after the step, inside its condition" if facts.guarded else f"at the start of the loop (line {facts.loop_line})"
    return f"Insert `{clear_call(d)}` {where}"


FIX = Fix(
    "ZG101", add_clear, applicability, message,
    fallback=Variant(clear_before_backward, lambda d: f"Insert `{clear_call(d)}` right before the backward at line {MissingClear.of(d).backward_line}"),
    does=(
        "Insert `opt.zero_grad()` as the first statement of the loop; right after the step instead for a step "
        "under a condition inside the loop (accumulation), a step in a helper the loop calls (where the "
        "optimizer's name is in scope), or an optimizer the loop itself binds; at the top of the closure for "
        "`opt.step(closure)` whose closure runs the backward (LBFGS evaluates it several times per step), "
        "under the name the optimizer has there (a `functools.partial` argument). Where a clear at the top "
        "would double another (one branch clears, the other not), right before the backward that is not "
        "cleared. Keeps the file's `set_to_none=False` style."
    ),
    safety="safe for a plain receiver (`opt`, `self.optimizer`), else unsafe",
)
