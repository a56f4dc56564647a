from __future__ import annotations

from typing import Iterator

import libcst as cst
import libcst.matchers as m

from zerograd_lint.analysis.facts import FileFacts, RootFacts
from zerograd_lint.analysis.gradients import ACCUMULATION_GUARDS, has
from zerograd_lint.analysis.ir import Clear, Step
from zerograd_lint.rules import Finding, Rule
from zerograd_lint.rules.support import (
    at,
    contents,
    events_of,
    finding,
    first_event,
    guard_phrase,
    loop_phrase,
    runs_before_its_backward,
)


def clear_outside_loop(root: RootFacts, step: Step) -> Clear | None:
    """The optimizer's only clear, when it sits before the loop rather than in it."""
    loop = root.loop_of(step)
    clears = [e for e in root.events if isinstance(e, Clear) and e.target.key == step.optimizer and root.reached(e)]
    if clears and all(root.loop_of(c) is not loop for c in clears):
        return clears[0]
    return None


def check(facts: FileFacts) -> Iterator[Finding]:
    for root, step in events_of(facts, Step):
        where = root.where[step.id]
        if where.loop is None:
            continue  # loop-carried: needs the loop
        held = contents(root, step, step.optimizer)
        name = step.optimizer
        data = {
            "optimizer": name,
            "loop_line": facts.line(where.loop.node),
            "step_line": facts.line(step.node),
            "guarded": where.guard is not None,
            "set_to_none": set_to_none_style(root),
            "closure": step.closure,
        }
        reapplied = [c for c in held if has(c, "applied") and has(c, "cur", "prev")]
        if reapplied:
            earlier = first_event(root, frozenset(reapplied), "applied")
            if where.guard is not None:
                yield finding(
                    facts, step.node,
                    f"optimizer `{name}` applies again the gradients already applied by {at(facts, earlier)}: "
                    f"nothing clears them after the step {guard_phrase(facts, root, step)}. "
                    f"{advice(step, 'right after the step, inside the same condition')}",
                    **data,
                )
            else:
                backward = first_event(root, frozenset(reapplied), "cur") or first_event(root, frozenset(reapplied), "prev")
                yield finding(
                    facts, step.node,
                    f"optimizer `{name}` steps with gradients summed over every earlier iteration{loop_phrase(facts, root, step)}: "
                    f"nothing clears them between {at(facts, backward)} and {at(facts, step)}"
                    f"{outside_hint(facts, root, step)}. {advice(step, 'at the start of each iteration')}",
                    **data, backward_line=facts.line(backward.node) if backward is not None else None,
                )
            continue
        stale = [c for c in held if has(c, "prev")]
        if stale and where.guard not in ACCUMULATION_GUARDS and not runs_before_its_backward(root, step):
            backward = first_event(root, frozenset(stale), "prev")
            yield finding(
                facts, step.node,
                f"optimizer `{name}` steps with gradients from an earlier iteration{loop_phrase(facts, root, step)}: "
                f"nothing clears them between {at(facts, backward)} and {at(facts, step)}"
                f"{outside_hint(facts, root, step)}. {advice(step, 'at the start of each iteration')}",
                **data, backward_line=facts.line(backward.node) if backward is not None else None,
            )


def advice(step: Step, where: str) -> str:
    """Where the clear goes: a closure the optimizer evaluates (LBFGS: several times per step) clears itself."""
    if step.closure:
        return (
            f"Call `{step.optimizer}.zero_grad()` at the top of the closure that `{step.text}` evaluates "
            "(the optimizer may evaluate it several times per step)."
        )
    return f"Call `{step.optimizer}.zero_grad()` {where}."


def set_to_none_style(root: RootFacts) -> bool | None:
    """How this code already clears: `zero_grad(set_to_none=...)` as written elsewhere, None for the default."""
    return next((e.set_to_none for e in root.events if isinstance(e, Clear) and e.set_to_none is not None), None)


def outside_hint(facts: FileFacts, root: RootFacts, step: Step) -> str:
    clear = clear_outside_loop(root, step)
    if clear is None:
        return ""
    around = loop_around(facts, clear.node)
    loop = root.loop_of(step)
    if around is not None and loop is not None and contains(facts, around, loop.node):
        when = f"runs once per iteration of the enclosing loop at line {facts.line(around)}, not in this one"
    elif around is not None:
        when = f"runs only in the loop at line {facts.line(around)}"
    elif root.events.index(clear) < root.events.index(step):
        when = "runs once before the loop"
    else:
        when = "runs only after the loop"
    return f" (its only clear, {at(facts, clear)}, {when})"


def loop_around(facts: FileFacts, node: cst.CSTNode) -> cst.For | cst.While | None:
    """The innermost `for` or `while` of the file whose body holds the node."""
    assert facts.module is not None
    loops = [loop for loop in m.findall(facts.module, m.For() | m.While()) if contains(facts, loop, node)]
    return max(loops, key=lambda loop: facts.positions[loop].start.line, default=None)  # type: ignore[return-value]


def contains(facts: FileFacts, outer: cst.CSTNode, inner: cst.CSTNode) -> bool:
    a, b = facts.positions[outer], facts.positions[inner]
    return outer is not inner and (a.start.line, a.start.column) <= (b.start.line, b.start.column) and (
        (b.end.line, b.end.column) <= (a.end.line, a.end.column)
    )


RULE = Rule(
    code="ZG101",
    name="missing-zero-grad",
    severity="error",
    summary="A step applies gradients that earlier iterations left behind: nothing clears them.",
    what=(
        "Reports an optimizer step that can apply gradients from a backward of an earlier iteration that "
        "nothing cleared (outside gradient accumulation), or, under an accumulation guard, gradients that an "
        "earlier step already applied. A clear that runs only once before the loop counts as missing."
    ),
    why=(
        "`backward()` adds to `.grad`; it never overwrites. Without a clear every step applies the sum of all "
        "gradients so far: training diverges or crawls, and nothing raises an error."
    ),
    example=(
        "optimizer.zero_grad()\n"
        "for x, y in loader:\n"
        "    loss = criterion(model(x), y)\n"
        "    loss.backward()\n"
        "    optimizer.step()\n"
    ),
    use_instead=(
        "for x, y in loader:\n"
        "    optimizer.zero_grad()\n"
        "    loss = criterion(model(x), y)\n"
        "    loss.backward()\n"
        "    optimizer.step()\n"
    ),
    limits=(
        "Loop-carried: needs the loop in the same file (a step body called from elsewhere is not reported). "
        "A clear whose coverage is unknown (a model not visibly tied to the optimizer) counts as a clear."
    ),
    fixable=True,
    valid=(
        # Clear at the end of the iteration, after the step.
        "for x, y in loader:\n    loss = criterion(model(x), y)\n    loss.backward()\n    optimizer.step()\n    optimizer.zero_grad()\n",
        # Clear before the loop and after each guarded update (accumulation).
        "optimizer.zero_grad()\nfor i, (x, y) in enumerate(loader):\n    loss = criterion(model(x), y) / accum\n    loss.backward()\n"
        "    if (i + 1) % accum == 0:\n        optimizer.step()\n        optimizer.zero_grad()\n",
        # Accumulation over an inner micro-batch loop, then one step and one clear.
        "for batch in loader:\n    for micro in batch.chunk(n):\n        (criterion(model(micro), y) / n).backward()\n    optimizer.step()\n    optimizer.zero_grad()\n",
        # GAN critic: clear unconditional, backward and step every n_critic iterations.
        "for i, x in enumerate(loader):\n    opt_g.zero_grad()\n    if i % n_critic == 0:\n        g_loss(x).backward()\n        opt_g.step()\n",
        # LBFGS closure that clears.
        "def closure():\n    optimizer.zero_grad()\n    loss = criterion(model(x), y)\n    loss.backward()\n    return loss\n\n"
        "for _ in range(steps):\n    optimizer.step(closure)\n",
        # A helper does the work.
        "class Trainer:\n    def _run_batch(self, x, y):\n        self.optimizer.zero_grad()\n        loss = self.criterion(self.model(x), y)\n"
        "        loss.backward()\n        self.optimizer.step()\n\n    def train(self, loader):\n        for x, y in loader:\n            self._run_batch(x, y)\n",
        # Accelerate owns accumulation.
        "for batch in loader:\n    with accelerator.accumulate(model):\n        loss = model(batch).loss\n        accelerator.backward(loss)\n"
        "        optimizer.step()\n        optimizer.zero_grad()\n",
        # DeepSpeed engines clear for themselves.
        "for batch in loader:\n    loss = engine(batch)\n    engine.backward(loss)\n    engine.step()\n",
        # Not an optimizer step: a scheduler, an environment.
        "for x in loader:\n    optimizer.zero_grad()\n    loss(x).backward()\n    optimizer.step()\n    scheduler.step()\n    obs = env.step(action)\n",
        # Clearing through the model the optimizer is built from.
        "optimizer = torch.optim.SGD(model.parameters(), lr=0.1)\nfor x, y in loader:\n    model.zero_grad()\n    criterion(model(x), y).backward()\n    optimizer.step()\n",
        # Clearing by hand over the parameters.
        "for x, y in loader:\n    for p in model.parameters():\n        p.grad = None\n    criterion(model(x), y).backward()\n    optimizer.step()\n",
    ),
    invalid=(
        # No clear at all.
        "for x, y in loader:\n    loss = criterion(model(x), y)\n    loss.backward()\n    optimizer.step()  # <- ZG101\n",
        # A `continue` that skips the clear at the end of the iteration.
        "for x, y in loader:\n    loss = criterion(model(x), y)\n    loss.backward()\n    if loss.item() > limit:\n        continue\n"
        "    optimizer.step()  # <- ZG101\n    optimizer.zero_grad()\n",
        # A clear only before the loop.
        "optimizer.zero_grad()\nfor x, y in loader:\n    loss = criterion(model(x), y)\n    loss.backward()\n    optimizer.step()  # <- ZG101\n",
        # The clear only in the non-AMP branch.
        "for x, y in loader:\n    if use_amp:\n        scaler.scale(criterion(model(x), y)).backward()\n        scaler.step(optimizer)  # <- ZG101\n"
        "        scaler.update()\n    else:\n        optimizer.zero_grad()\n        criterion(model(x), y).backward()\n        optimizer.step()\n",
        # GAN: the generator's optimizer is cleared, the discriminator's never.
        "for real in loader:\n    fake = G(noise())\n    d_loss = D(real).mean() - D(fake.detach()).mean()\n    d_loss.backward()\n"
        "    opt_d.step()  # <- ZG101\n    opt_g.zero_grad()\n    g_loss = -D(fake).mean()\n    g_loss.backward()\n    opt_g.step()\n",
        # DCGAN-style clears through the models: only the generator's is cleared.
        "optimizer_g = torch.optim.Adam(net_g.parameters())\noptimizer_d = torch.optim.Adam(net_d.parameters())\n"
        "for x in loader:\n    net_d(x).mean().backward()\n    optimizer_d.step()  # <- ZG101\n    net_g.zero_grad()\n"
        "    net_d(net_g(x)).mean().backward()\n    optimizer_g.step()\n",
        # Accumulation whose guarded step is never followed by a clear.
        "for i, (x, y) in enumerate(loader):\n    (criterion(model(x), y) / accum).backward()\n    if (i + 1) % accum == 0:\n"
        "        optimizer.step()  # <- ZG101\n",
    ),
    check=check,
)
