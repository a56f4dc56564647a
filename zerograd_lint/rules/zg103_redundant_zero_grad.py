from __future__ import annotations

from typing import Iterator

import libcst as cst

from zerograd_lint.analysis.facts import FileFacts, RootFacts
from zerograd_lint.analysis.held import Held
from zerograd_lint.analysis.ir.nodes import Clear, Coverage, Event, Step
from zerograd_lint.fixes import zg103
from zerograd_lint.rules import Example, Finding, Rule
from zerograd_lint.rules.support import at, events_of, finding


def earlier_clears(held: Held, clear: Clear) -> list[Event] | None:
    """The other clears that left the gradients empty on every path (entry paths aside), else None.

    A path that comes back round to this same clear with nothing in between is clear too.
    """
    others = [e for e in held.only_cleared_by() or () if e is not clear]
    if isinstance(clear, Clear) and clear.gives_tensors and any(isinstance(e, Clear) and e.set_to_none is not False for e in others):
        # Zeros written after a clear that may have left None give each parameter a tensor (learn2learn's Reptile adds
        # into `p.grad.data` after): work to do, not a second clear.
        return None
    return others or None


def redundant_with(root: RootFacts, clear: Clear) -> list[Event] | None:
    """The earlier clears that already emptied what this clear empties, if any did."""
    for key in root.tracked(clear):
        if root.coverage(clear, key) is Coverage.KNOWN:
            earlier = earlier_clears(root.held(clear, key), clear)
            if earlier:
                return earlier
    models = root.models.get(clear.target.key or "", frozenset()) if clear.target.kind == "optimizer" else frozenset()
    if len(models) > 1:  # an optimizer over several models, each of them already cleared
        parts = [earlier_clears(root.held_by_model(clear, m), clear) for m in sorted(models)]
        if all(parts):
            return sorted({e for part in parts for e in part}, key=lambda e: e.id)
    return None


def misplaced_clears(root: RootFacts) -> frozenset[int]:
    """The clears that threw away a backward's gradients before a step found them empty (ZG102's), with the other
    clears of the same call (a trainer's `self.zero_grad()` clearing each model and each optimizer of its dicts): a
    clear that finds the gradients empty after one of them is that mistake's consequence (one cause, one report;
    removing it, as ZG103 says, would leave the iteration with no clear before its backward)."""
    calls = {
        id(clear.node) for step in root.events if isinstance(step, Step)
        for clear in root.held(step, step.optimizer).without_gradients().discarded_by()
    }
    return frozenset(event.id for event in root.events if isinstance(event, Clear) and id(event.node) in calls)


def other_calls(root: RootFacts, first: Event, clear: Event) -> tuple[cst.CSTNode, cst.CSTNode] | None:
    """The calls of one helper through which its one clear ran first and again (`zero_grad_all()` at the bottom of
    the iteration, then at the top): the outermost pair of inlined calls that differ. None if no call tells them apart."""
    for mine, theirs in zip(root.calls.get(clear.id, ()), root.calls.get(first.id, ())):
        if mine is not theirs:
            return theirs.call, mine.call
    return None


def check(facts: FileFacts) -> Iterator[Finding]:
    misplaced: dict[int, frozenset[int]] = {}
    for root, clear in events_of(facts, Clear):
        earlier = redundant_with(root, clear)
        if not earlier:
            continue
        if id(root) not in misplaced:
            misplaced[id(root)] = misplaced_clears(root)
        if all(e.id in misplaced[id(root)] for e in earlier):
            continue
        first = earlier[0]
        loop = root.loop_of(clear)
        # The same clear of a helper reached through another call of it: the calls say where each ran.
        calls = other_calls(root, first, clear) if first.node is clear.node else None
        first_at, clear_at = calls if calls is not None else (first.node, clear.node)
        # Lines say which clear runs later only within one module (a helper of another module has lines of its own).
        one_module = facts.path_of(first_at) == facts.path_of(clear_at)
        across = " (across the loop's back edge)" if loop is not None and one_module and facts.line(first_at) > facts.line(clear_at) else ""
        if calls is None:
            message = (f"`{clear.text}` clears gradients that are already clear: {at(facts, first)} cleared them{across} "
                       f"and no backward ran since. Remove one of the two clears.")
        else:
            message = (f"`{clear.text}` clears gradients that are already clear when the call at {facts.place(clear_at)} "
                       f"runs it: the call at {facts.place(first_at)} ran it before{across} and no backward ran since. "
                       f"Remove one of the two calls.")
        yield finding(
            facts, clear.node,
            message,
            # Removing the helper's one clear would take it from every call: the fix is the caller's, left to the user.
            fix=zg103.offer(facts, clear.node, clear.text, first.node) if calls is None else None,
        )


RULE = Rule(
    code="ZG103",
    name="redundant-zero-grad",
    severity="warning",
    needs=("lifecycle",),
    summary="A clear runs where the same gradients are already clear on every path.",
    what=(
        "Reports the second of two clears of the same parameters with no backward between them, in one iteration "
        "or across the loop's back edge. For a clear at the top and one at the bottom of the iteration, the top one "
        "is reported: coming round the loop it always finds the gradients already clear."
    ),
    why="The second clear does nothing but cost a pass over every parameter, and it hides which clear the code relies on.",
    example="for x, y in loader:\n    optimizer.zero_grad()\n    criterion(model(x), y).backward()\n    optimizer.step()\n    optimizer.zero_grad()\n",
    use_instead="for x, y in loader:\n    optimizer.zero_grad()\n    criterion(model(x), y).backward()\n    optimizer.step()\n",
    limits="Only clears known to cover the same parameters (the same receiver, or an optimizer and the one model it is built from).",
    valid=(
        # A clear before the loop plus one at the top of the loop.
        "optimizer.zero_grad()\nfor x, y in loader:\n    optimizer.zero_grad()\n    criterion(model(x), y).backward()\n    optimizer.step()\n",
        # Two modules: different parameters.
        "for x in loader:\n    enc.zero_grad()\n    dec.zero_grad()\n    loss(dec(enc(x))).backward()\n    optimizer.step()\n",
        # Two optimizers, each cleared once.
        "for x in loader:\n    opt_g.zero_grad()\n    opt_d.zero_grad()\n    d_loss(x).backward()\n    opt_d.step()\n    g_loss(x).backward()\n    opt_g.step()\n",
        # Accumulation: the guarded clear after the step, and one before the loop.
        "optimizer.zero_grad()\nfor i, x in enumerate(loader):\n    (loss(x) / n).backward()\n    if (i + 1) % n == 0:\n"
        "        optimizer.step()\n        optimizer.zero_grad()\n",
        # Zeros written after a clear to None: each parameter gets a tensor to add into (Reptile's meta-gradient).
        "optimizer = torch.optim.SGD(model.parameters(), lr=1.0)\nfor tasks in loader:\n    optimizer.zero_grad()\n"
        "    for p in model.parameters():\n        p.grad = torch.zeros_like(p)\n    for p, d in zip(model.parameters(), differences(model, tasks)):\n"
        "        if p.grad is not None:\n            p.grad.add_(d)\n    optimizer.step()\n",
    ),
    invalid=(
        Example(
            "for x, y in loader:\n    optimizer.zero_grad()  # <- ZG103\n    criterion(model(x), y).backward()\n    optimizer.step()\n    optimizer.zero_grad()\n",
            fixed=(
                "for x, y in loader:\n    criterion(model(x), y).backward()\n    optimizer.step()\n"
                "    optimizer.zero_grad()\n"
            ),
        ),
        Example(
            "optimizer = torch.optim.AdamW(model.parameters())\nfor x, y in loader:\n    optimizer.zero_grad()\n"
            "    model.zero_grad()  # <- ZG103\n    criterion(model(x), y).backward()\n    optimizer.step()\n",
            fixed=(
                "optimizer = torch.optim.AdamW(model.parameters())\nfor x, y in loader:\n"
                "    optimizer.zero_grad()\n    criterion(model(x), y).backward()\n    optimizer.step()\n"
            ),
        ),
    ),
    check=check,
)
