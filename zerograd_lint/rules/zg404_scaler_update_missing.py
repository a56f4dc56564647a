from __future__ import annotations

from typing import Iterator

from zerograd_lint.analysis.facts import FileFacts
from zerograd_lint.analysis.ir.nodes import Step, events_in
from zerograd_lint.fixes import zg404
from zerograd_lint.rules import Example, Finding, Rule
from zerograd_lint.rules.support import finding, loop_named, named, never_updates


def check(facts: FileFacts) -> Iterator[Finding]:
    for root in facts.roots:
        for loop in root.training_loops:
            if not never_updates(loop):
                continue
            for step in (e for e in events_in(loop.body) if isinstance(e, Step) and e.via_scaler and root.reached(e)):
                if root.held(step, step.optimizer).not_recovered().scaler_stepped_by() is None:
                    continue  # no path steps it twice (each pass a new optimizer, or only a retried batch after an exception)
                scaler = named(root, step.scaler, step)
                yield finding(
                    facts, step.node,
                    f"{loop_named(facts, loop)} calls `{step.text}` but never `{scaler}.update()`: "
                    f"the second step raises and the scale never adapts. Call `{scaler}.update()` after the step.",
                    fix=zg404.offer(facts, step.node, scaler, named(root, step.optimizer, step)),
                )


RULE = Rule(
    code="ZG404",
    name="scaler-update-missing",
    severity="error",
    needs=("lifecycle",),
    summary="A loop calls `scaler.step(optimizer)` but never `scaler.update()`.",
    what=(
        "Reports every `scaler.step()` of a training loop in which no `scaler.update()` runs, where a path steps the "
        "same optimizer twice with no update between (each pass of a loop over several optimizers steps another one; "
        "a batch retried after an exception is not a second step)."
    ),
    why="Without `update()` the scale never adapts to overflows, and the next `scaler.step()` on the same optimizer raises.",
    example="for x, y in loader:\n    optimizer.zero_grad()\n    scaler.scale(criterion(model(x), y)).backward()\n    scaler.step(optimizer)\n",
    use_instead="for x, y in loader:\n    optimizer.zero_grad()\n    scaler.scale(criterion(model(x), y)).backward()\n    scaler.step(optimizer)\n    scaler.update()\n",
    valid=(
        "for x, y in loader:\n    optimizer.zero_grad()\n    scaler.scale(criterion(model(x), y)).backward()\n    scaler.step(optimizer)\n    scaler.update()\n",
        "def step(self, loss):\n    self.scaler.scale(loss).backward()\n    self.scaler.step(self.optimizer)\n    self.scaler.update()\n    self.optimizer.zero_grad()\n\n"
        "def fit(self, loader):\n    for batch in loader:\n        self.step(self.model(batch))\n",
        "for x in loader:\n    for opt in optimizers:\n        opt.zero_grad()\n    scaler.scale(loss(x)).backward()\n"
        "    for opt in optimizers:\n        scaler.step(opt)\n    scaler.update()\n",
        "def train_batch(batch):\n    while True:\n        try:\n            opt.zero_grad()\n            scaler.scale(loss(batch)).backward()\n"
        "            scaler.step(opt)\n        except torch.cuda.OutOfMemoryError:\n            batch = batch[: len(batch) // 2]\n"
        "            continue\n        return\n\nfor batch in loader:\n    train_batch(batch)\n    scaler.update()\n",
    ),
    invalid=(
        # Unscaled and clipped before the step: the next iteration's `unscale_` is the first to raise, for this cause.
        "for x in loader:\n    optimizer.zero_grad()\n    scaler.scale(criterion(model(x))).backward()\n    scaler.unscale_(optimizer)\n"
        "    clip_grad_norm_(model.parameters(), 1.0)\n    scaler.step(optimizer)  # <- ZG404\n",
        Example(
            "for x, y in loader:\n    optimizer.zero_grad()\n    scaler.scale(criterion(model(x), y)).backward()\n    scaler.step(optimizer)  # <- ZG404\n",
            fixed=(
                "for x, y in loader:\n    optimizer.zero_grad()\n"
                "    scaler.scale(criterion(model(x), y)).backward()\n    scaler.step(optimizer)  # <- ZG404\n"
                "    scaler.update()\n"
            ),
        ),
        Example(
            "for epoch in range(epochs):\n    for x in loader:\n        opt.zero_grad()\n        scaler.scale(loss(x)).backward()\n"
            "        scaler.step(opt)  # <- ZG404\n    scaler.update()\n",
            fixed=(
                "for epoch in range(epochs):\n    for x in loader:\n        opt.zero_grad()\n"
                "        scaler.scale(loss(x)).backward()\n        scaler.step(opt)  # <- ZG404\n"
                "        scaler.update()\n"
            ),
        ),
    ),
    check=check,
)
