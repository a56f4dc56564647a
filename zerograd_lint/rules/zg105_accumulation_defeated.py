from __future__ import annotations

from typing import Iterator

from zerograd_lint.analysis.facts import FileFacts
from zerograd_lint.analysis.gradients import ACCUMULATION_GUARDS, ids
from zerograd_lint.analysis.ir import Step
from zerograd_lint.rules import Finding, Rule
from zerograd_lint.rules.support import at, contents, events_of, finding, guard_phrase


def check(facts: FileFacts) -> Iterator[Finding]:
    for root, step in events_of(facts, Step):
        where = root.where[step.id]
        if where.loop is None or where.guard not in ACCUMULATION_GUARDS:
            continue
        for clear_id in sorted({i for c in contents(root, step, step.optimizer) for i in ids(c, "lost")}):
            clear = root.by_id[clear_id]
            if root.loop_of(clear) is not where.loop or not root.every_iteration(clear):
                continue  # once per epoch, or on a bad batch only: not every iteration of the accumulating loop
            yield finding(
                facts, clear.node,
                f"`{clear.text}` runs every iteration and throws away the gradients accumulated for {at(facts, step)}, "
                f"which steps {guard_phrase(facts, root, step)}: only the last micro-batch reaches the step. "
                f"Clear only after the step, under the same condition.",
                optimizer=step.optimizer, step_line=facts.line(step.node),
            )


RULE = Rule(
    code="ZG105",
    name="accumulation-defeated",
    severity="error",
    summary="The step is under an accumulation guard, but a clear every iteration throws the accumulation away.",
    what=(
        "Reports a clear that runs on every iteration while the step it feeds runs only every n iterations (an "
        "accumulation guard such as `(i + 1) % n == 0`, or `accelerator.accumulate()`, where only the prepared "
        "optimizer's own clear is skipped on accumulation steps)."
    ),
    why="Each clear wipes the micro-batches summed so far: the step sees one micro-batch, the effective batch is n times smaller than intended.",
    example=(
        "for i, (x, y) in enumerate(loader):\n    optimizer.zero_grad()\n    (criterion(model(x), y) / n).backward()\n"
        "    if (i + 1) % n == 0:\n        optimizer.step()\n"
    ),
    use_instead=(
        "for i, (x, y) in enumerate(loader):\n    (criterion(model(x), y) / n).backward()\n"
        "    if (i + 1) % n == 0:\n        optimizer.step()\n        optimizer.zero_grad()\n"
    ),
    limits=(
        "Only clears known to cover the stepped optimizer are reported, and only clears that run every iteration: "
        "one under a test that can change between iterations (`if not torch.isfinite(loss): ... continue`) is a "
        "deliberate drop, not an accumulation bug."
    ),
    valid=(
        "for i, (x, y) in enumerate(loader):\n    (criterion(model(x), y) / n).backward()\n"
        "    if (i + 1) % n == 0:\n        optimizer.step()\n        optimizer.zero_grad()\n",
        "for batch in loader:\n    with accelerator.accumulate(model):\n        accelerator.backward(model(batch).loss)\n"
        "        optimizer.step()\n        optimizer.zero_grad()\n",
        # GAN critic: backward and step under the same condition.
        "for i, x in enumerate(loader):\n    opt.zero_grad()\n    if i % n_critic == 0:\n        loss(x).backward()\n        opt.step()\n",
        # A clear only on a bad batch (then `continue`): not every iteration.
        "for step, x in enumerate(loader):\n    loss = criterion(model(x)) / n\n"
        "    if not torch.isfinite(loss):\n        optimizer.zero_grad()\n        continue\n    loss.backward()\n"
        "    if (step + 1) % n == 0:\n        optimizer.step()\n        optimizer.zero_grad()\n",
    ),
    invalid=(
        "for i, (x, y) in enumerate(loader):\n    optimizer.zero_grad()  # <- ZG105\n    (criterion(model(x), y) / n).backward()\n"
        "    if (i + 1) % n == 0:\n        optimizer.step()\n",
        "optimizer = torch.optim.AdamW(model.parameters())\nmodel, optimizer = accelerator.prepare(model, optimizer)\n"
        "for batch in loader:\n    with accelerator.accumulate(model):\n        accelerator.backward(model(batch).loss)\n"
        "        optimizer.step()\n        model.zero_grad()  # <- ZG105\n",
        # A counter with another name: `micro_step == n - 1` is an accumulation guard.
        "micro_step = 0\nfor x in loader:\n    optimizer.zero_grad()  # <- ZG105\n    (loss(x) / n).backward()\n"
        "    if micro_step == n - 1:\n        optimizer.step()\n    micro_step = (micro_step + 1) % n\n",
    ),
    check=check,
)
