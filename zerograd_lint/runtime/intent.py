"""What a script means to accumulate, as the static analysis reads it: the runtime guard's intent.

A step that the analysis lets apply several iterations' gradients (under an
accumulation guard, after an inner loop of micro-batch backwards) is an
accumulation step at run time too, not a missing clear.
"""

from __future__ import annotations

import libcst.matchers as m

from zerograd_lint.analysis.facts import FileFacts
from zerograd_lint.analysis.interpret.locations import Where
from zerograd_lint.analysis.ir.names import code_of
from zerograd_lint.analysis.ir.nodes import Backward, Loop, Node, Step, children
from zerograd_lint.core.engine import file_facts


def accumulation_guarded_steps(source: str) -> frozenset[int]:
    """Lines of optimizer steps that the static analysis lets apply several iterations' gradients.

    The runtime guard reads this to learn a script's accumulation intent: a step
    under an accumulation guard, or after an inner loop of micro-batch backwards.
    """
    try:
        facts = file_facts(source, "<string>")
    except RecursionError:
        return frozenset()
    if not isinstance(facts, FileFacts):
        return frozenset()
    lines = set()
    for root in facts.roots:
        backwards = [root.where[e.id] for e in root.events if isinstance(e, Backward) and e.id in root.where]
        micro_loops = {where.micro_loop for where in backwards}
        for step in root.events:
            if not isinstance(step, Step) or step.id not in root.where:
                continue
            where = root.where[step.id]
            after_micro_loop = any(loop is not None and loop is not where.micro_loop for loop in micro_loops)
            # a backward in a loop nested in the step's (a meta-learning task loop with its own inner steps)
            after_inner_loop = any(b.loop is not where.loop and encloses(where.loop, b.loop) for b in backwards)
            if root.under_accumulation_guard(step) or after_micro_loop or after_inner_loop or counts_up(where):
                lines.add(facts.line(step.node))
    return frozenset(lines)


def counts_up(where: Where) -> bool:
    """A guard that tests what the loop adds up (`tokens >= budget` after `tokens += y.numel()`): a counter."""
    branch, loop = where.guard_branch, where.loop
    if branch is None or branch.test is None or loop is None:
        return False
    added = {code_of(node.target) for node in m.findall(loop.node, m.AugAssign(operator=m.AddAssign()))}
    tested = {code_of(node) for node in m.findall(branch.test, m.Name() | m.Attribute())}
    return bool(added & tested)


def encloses(outer: Loop | None, inner: Loop | None) -> bool:
    """Whether the loop `inner` lies in the body of `outer`."""
    if outer is None or inner is None:
        return False
    pending: list[Node] = [outer.body]
    while pending:
        node = pending.pop()
        if node is inner:
            return True
        pending.extend(children(node))
    return False
