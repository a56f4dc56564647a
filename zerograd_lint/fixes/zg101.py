"""ZG101: clear the gradients where RULES.md's "Use instead" puts the clear.

A plain loop gets `opt.zero_grad()` as the first statement of the iteration; a
step under an accumulation (or other) condition gets it right after the step,
inside that condition, so the accumulated gradients are kept until applied.
A step in a helper the loop calls gets the clear right after it, where the
optimizer's name surely means that optimizer. A step that evaluates a closure
doing the backward (`opt.step(closure)`) gets it at the top of the closure:
the optimizer may evaluate it several times per step (LBFGS), and a clear
outside would leave those evaluations summing up. The file's own `set_to_none=False` style is kept.
The optimizer is written as the code where the clear goes names it (`RootFacts.spelled`): the
parameter of a helper, not its caller's argument; a loop whose code has no name for it gets the
clear right after the step. Safe when that name is a plain name or attribute (`opt`,
`self.optimizer`); otherwise (a group of optimizers, a subscript) the analysis is less than
certain: unsafe.
"""

from __future__ import annotations

import libcst as cst

from zerograd_lint.analysis.facts import FileFacts, RootFacts
from zerograd_lint.analysis.ir.names import source_of
from zerograd_lint.analysis.ir.nodes import Event, Loop, Step
from zerograd_lint.base.diagnostics import Diagnostic
from zerograd_lint.fixes.base import SAFE, UNSAFE, Fix, Offer, Variant, is_plain_receiver, made
from zerograd_lint.fixes.edit import INSERT_AFTER, INSERT_BEFORE, INSERT_FIRST, CannotFix, Edit
from zerograd_lint.fixes.fix_facts import MissingClear
from zerograd_lint.fixes.places import closure_of, descendants, encloses, starting_with, statement_of
from zerograd_lint.fixes.zg102 import removal


def offer(
    facts: FileFacts, root: RootFacts, step: Step, around: Loop | None, *, optimizer: str, guarded: bool,
    set_to_none: bool | None, closure: bool, backward: Event | None = None, moved: Event | None = None,
) -> Offer:
    """The clear of `optimizer` (one the step applies: its own, or an element of the container it loops over) that
    nothing clears, in the loop `around`; `closure`: the clear goes in the closure the step evaluates; `backward`:
    the backward whose gradients the step applies; `moved`: the clear outside the closure, removed as the closure
    gets its own. The optimizer is named as the code where the clear goes names it (a helper's parameter, not its
    caller's argument)."""
    loop = around.node if around is not None else None
    at_loop = root.spelled(optimizer, around) if around is not None else None
    after = not closure and (loop is None or at_loop is None or after_step(facts, step, loop, at_loop, guarded))
    named = root.spelled(optimizer, step) if closure or after else at_loop  # None: no name there means it
    words = MissingClear(
        optimizer=named or optimizer,
        loop_line=facts.line(loop) if loop is not None else None, step_line=facts.line(step.node),
        guarded=guarded, set_to_none=set_to_none, closure=closure, after_step=after,
        backward_line=facts.line(backward.node) if backward is not None else None,
        at_backward=root.spelled(optimizer, backward) if backward is not None else None,
        moved_line=facts.line(moved.node) if moved is not None else None,
    )
    return Offer(
        words,
        SAFE if named is not None and is_plain_receiver(named) else UNSAFE,
        (
            made(lambda: add_clear(facts, words, step, loop, named is not None, moved)),
            made(lambda: clear_before_backward(facts, words, loop, backward.node if backward is not None else None)),
        ),
    )


def clear_call(words: MissingClear, optimizer: str | None = None) -> str:
    argument = "set_to_none=False" if words.set_to_none is False else ""
    return f"{optimizer or words.optimizer}.zero_grad({argument})"


def add_clear(
    facts: FileFacts, words: MissingClear, step: Step, loop: cst.CSTNode | None, named: bool, moved: Event | None
) -> list[Edit]:
    if words.closure:
        return clear_in_closure(facts, words, step) + ([removal(facts, moved.node, moved.text)] if moved is not None else [])
    if not named:
        raise CannotFix(f"no name at the step is bound to `{words.optimizer}`")
    if words.after_step:
        line = statement_of(facts, step.node)
        return [Edit.at(INSERT_AFTER, line, facts, clear_call(words))]
    assert loop is not None
    return [Edit.at(INSERT_FIRST, loop, facts, clear_call(words))]


def after_step(facts: FileFacts, step: Step, loop: cst.CSTNode, at_loop: str, guarded: bool) -> bool:
    """A step under a condition inside the loop (accumulation) keeps its gradients until the step: clear right after it.

    So does a step in a helper the loop calls: the optimizer's name is only sure to
    mean the same thing where the step is written. A step straight in the loop
    body, even one a `continue` may skip, is served by a clear at the top.
    """
    line = facts.line(step.node)
    if not encloses(facts, loop, line) or assigned_in(loop, at_loop):
        return True
    return guarded and not directly_in(facts, loop, line)


def assigned_in(loop: cst.CSTNode, optimizer: str) -> bool:
    """Whether the loop (re)binds the optimizer: a clear at its top would run before it exists."""
    targets = [n for n in descendants(loop) if isinstance(n, (cst.AssignTarget, cst.AnnAssign, cst.AugAssign, cst.For, cst.AsName))]
    bound = {source_of(getattr(node, "target", None) or node.name) for node in targets}
    return optimizer in bound or optimizer.split(".")[0] in bound


def directly_in(facts: FileFacts, loop: cst.CSTNode, line: int) -> bool:
    """Whether a statement starting on `line` belongs to the body of the loop itself, not to a block inside it."""
    body = getattr(loop, "body", None)
    return isinstance(body, cst.IndentedBlock) and any(facts.line(child) == line for child in body.body)


def step_receiver(step: Step) -> str:
    if not isinstance(step.node, cst.Call) or not isinstance(step.node.func, cst.Attribute):
        raise CannotFix("the step is not a method call")
    return source_of(step.node.func.value)


def clear_before_backward(facts: FileFacts, words: MissingClear, loop: cst.CSTNode | None, backward: cst.CSTNode | None) -> list[Edit]:
    """Where a clear at the top would double another (a branch that clears, one that does not):
    clear right before the backward that is not cleared, in the loop itself."""
    if words.closure or backward is None or loop is None or not encloses(facts, loop, facts.line(backward)):
        raise CannotFix("the backward is not in the loop")
    if words.at_backward is None:
        raise CannotFix("no name at the backward is bound to the optimizer")
    line = starting_with(facts, backward)
    return [Edit.at(INSERT_BEFORE, line, facts, clear_call(words, words.at_backward))]


def clear_in_closure(facts: FileFacts, words: MissingClear, step: Step) -> list[Edit]:
    """The closure clears first: the optimizer may evaluate it several times in one step (LBFGS)."""
    assert facts.module is not None
    receiver = step_receiver(step)
    assert isinstance(step.node, cst.Call)
    closure, optimizer = closure_of(facts.module, step.node, receiver)
    return [Edit.at(INSERT_FIRST, closure, facts, clear_call(words, optimizer))]


def message(d: Diagnostic) -> str:
    words = MissingClear.of(d)
    if words.moved_line is not None:
        return f"Move the clear at line {words.moved_line} to the top of the closure the step evaluates: `{clear_call(words)}`"
    if words.closure:
        return f"Insert `{clear_call(words)}` at the top of the closure the step evaluates"
    if words.after_step:
        where = "right after the step, inside its condition" if words.guarded else "right after the step"
    else:
        where = f"at the start of the loop (line {words.loop_line})"
    return f"Insert `{clear_call(words)}` {where}"


FIX = Fix(
    "ZG101", message,
    order=5,  # insertions before removals and moves
    fallback=Variant(
        lambda d: f"Insert `{clear_call(MissingClear.of(d), MissingClear.of(d).at_backward)}` right before the backward at line "
        f"{MissingClear.of(d).backward_line}"
    ),
    does=(
        "Insert `opt.zero_grad()` as the first statement of the loop; right after the step instead for a step "
        "under a condition inside the loop (accumulation), a step in a helper the loop calls (where the "
        "optimizer's name is in scope), an optimizer the loop itself binds, or one the loop's code has no name for; "
        "at the top of the closure for "
        "`opt.step(closure)` whose closure runs the backward (LBFGS evaluates it several times per step), "
        "under the name the optimizer has there (a `functools.partial` argument), the clear outside it removed. "
        "Where a clear at the top would double another (one branch clears, the other not), right before the backward that is not "
        "cleared. The optimizer is written as the code there names it (a helper's parameter, not its caller's "
        "argument). Keeps the file's `set_to_none=False` style."
    ),
    safety="safe for a plain name bound to the optimizer where the clear goes (`opt`, `self.optimizer`), else unsafe",
)
