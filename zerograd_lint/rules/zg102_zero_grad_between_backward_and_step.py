from __future__ import annotations

from typing import Iterator

from zerograd_lint.analysis.facts import FileFacts
from zerograd_lint.analysis.interpret.gradients import LIVE, Mark, has, ids
from zerograd_lint.analysis.ir.nodes import Clear, Step
from zerograd_lint.fixes import zg102
from zerograd_lint.rules import Example, Finding, Rule
from zerograd_lint.rules.support import at, contents, events_of, finding, first_event, loop_phrase, runs_before_its_backward


def check(facts: FileFacts) -> Iterator[Finding]:
    for root, step in events_of(facts, Step):
        held = contents(root, step, step.optimizer)
        if not held or any(has(c, *LIVE) for c in held):
            continue
        if runs_before_its_backward(root, step):
            continue  # one cause, one report: the step comes before its backward (ZG201)
        for clear_id in sorted({i for c in held for i in ids(c, Mark.DISCARDED)}):
            clear = root.by_id[clear_id]
            assert isinstance(clear, Clear)
            backward = first_event(root, contents(root, clear, step.optimizer), Mark.CUR) or first_event(
                root, contents(root, clear, step.optimizer), Mark.PREV
            )
            yield finding(
                facts, clear.node,
                f"`{clear.text}` throws away the gradients of {at(facts, backward)} before {at(facts, step)} "
                f"uses them{loop_phrase(facts, root, step)}: the step applies no gradients. Clear before the backward (at the start of the iteration).",
                fix=zg102.offer(
                    facts, clear, step, backward, root.loop_of(step), step_guarded=root.where[step.id].guard is not None
                ),
            )


RULE = Rule(
    code="ZG102",
    name="zero-grad-between-backward-and-step",
    severity="error",
    needs=("lifecycle",),
    summary="A clear runs after the backward and before the step: the step sees no gradients.",
    what="Reports a clear (`zero_grad()`, `p.grad = None`) that runs after this iteration's backward and before the step that should apply its gradients.",
    why="The step then finds `None` (or zero) gradients and does nothing: the model never trains, and nothing raises.",
    example="for x, y in loader:\n    loss = criterion(model(x), y)\n    loss.backward()\n    optimizer.zero_grad()\n    optimizer.step()\n",
    use_instead="for x, y in loader:\n    optimizer.zero_grad()\n    loss = criterion(model(x), y)\n    loss.backward()\n    optimizer.step()\n",
    limits="Reported only when the clear is known to cover the stepped optimizer (the optimizer itself, or the one model it is built from).",
    valid=(
        "for x, y in loader:\n    optimizer.zero_grad()\n    criterion(model(x), y).backward()\n    optimizer.step()\n",
        # Two optimizers: clearing one between the other's backward and step is fine.
        "for x in loader:\n    opt_d.zero_grad()\n    d_loss(x).backward()\n    opt_d.step()\n    opt_g.zero_grad()\n    g_loss(x).backward()\n    opt_g.step()\n",
        # A loss helper does its own backward and clear before the real backward.
        "def penalty(model, x):\n    model(x).sum().backward()\n    model.zero_grad()\n\n"
        "optimizer = torch.optim.Adam(model.parameters())\nfor x, y in loader:\n    optimizer.zero_grad()\n    penalty(model, x)\n"
        "    criterion(model(x), y).backward()\n    optimizer.step()\n",
        # A clear of a module whose relation to the optimizer is unknown never reports.
        "for x in loader:\n    loss(x).backward()\n    netD.zero_grad()\n    optG.step()\n    optG.zero_grad()\n",
        # One cause, one report: the generator's step comes before its backward (ZG201), not also ZG102.
        "def train_step(real):\n    opt_d.zero_grad()\n    fake = G(noise())\n"
        "    (D(fake.detach()).mean() - D(real).mean()).backward()\n    opt_d.step()\n    opt_g.zero_grad()\n"
        "    opt_g.step()\n    (-D(fake).mean()).backward()\n",
        # Distributed autograd: each context holds its own gradients, the optimizer steps with the context.
        "for x, y in loader:\n    with dist_autograd.context() as context_id:\n"
        "        loss = criterion(remote_model(x), y)\n        dist_autograd.backward(context_id, [loss])\n"
        "        dist_optim.step(context_id)\n",
    ),
    invalid=(
        Example(
            "for x, y in loader:\n    loss = criterion(model(x), y)\n    loss.backward()\n    optimizer.zero_grad()  # <- ZG102\n    optimizer.step()\n",
            fixed=(
                "for x, y in loader:\n    optimizer.zero_grad()\n    loss = criterion(model(x), y)\n"
                "    loss.backward()\n    optimizer.step()\n"
            ),
        ),
        Example(
            "optimizer = torch.optim.SGD(model.parameters(), lr=0.1)\n\ndef train_step(x, y):\n    criterion(model(x), y).backward()\n"
            "    model.zero_grad()  # <- ZG102\n    optimizer.step()\n",
            fixed=(
                "optimizer = torch.optim.SGD(model.parameters(), lr=0.1)\n\ndef train_step(x, y):\n"
                "    criterion(model(x), y).backward()\n    optimizer.step()\n"
            ),
        ),
    ),
    check=check,
)
