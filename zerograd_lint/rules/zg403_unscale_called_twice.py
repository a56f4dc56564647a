from __future__ import annotations

from typing import Iterator

from zerograd_lint.analysis.facts import FileFacts
from zerograd_lint.analysis.ir.nodes import Unscale
from zerograd_lint.rules import Finding, Rule
from zerograd_lint.rules.support import at, events_of, finding, loop_phrase, named, never_updates


def check(facts: FileFacts) -> Iterator[Finding]:
    for root, unscale in events_of(facts, Unscale):
        if unscale.checked:
            continue  # the code asks the scaler whether this optimizer is unscaled already
        # A path that recovered from an exception (a retried batch) is no evidence of a second unscale.
        held = root.held(unscale, unscale.optimizer).not_recovered()
        earlier = held.unscaled_by() or held.scaler_stepped_by()
        if earlier is None:
            continue
        loop = root.loop_of(unscale)
        if earlier is not held.unscaled_by() and loop is not None and root.loop_of(earlier) is loop and never_updates(loop):
            continue  # the step of a loop that never updates the scaler: one cause, ZG404's report on that step
        again = "again (on the next iteration)" if earlier is unscale or earlier.node is unscale.node else f"after {at(facts, earlier)}"
        yield finding(
            facts, unscale.node,
            f"`{unscale.text}` can run {again} before `{named(root, unscale.scaler, unscale)}.update()`{loop_phrase(facts, root, unscale)}: torch raises RuntimeError "
            f"on the second unscale of `{named(root, unscale.optimizer, unscale)}`. Unscale once per step, right before clipping.",
        )


RULE = Rule(
    code="ZG403",
    name="unscale-called-twice",
    severity="error",
    needs=("lifecycle",),
    summary="`scaler.unscale_(optimizer)` can run twice for one optimizer before `scaler.update()`.",
    what="Reports an `unscale_` that can follow another `unscale_` (or a `scaler.step`) of the same optimizer with no `update()` between, e.g. unscaling every micro-batch while stepping every n.",
    why="GradScaler records that the optimizer was unscaled; the second call raises `RuntimeError: unscale_() has already been called on this optimizer since the last update()`.",
    example=(
        "for i, (x, y) in enumerate(loader):\n    scaler.scale(criterion(model(x), y) / n).backward()\n    scaler.unscale_(optimizer)\n"
        "    clip_grad_norm_(model.parameters(), 1.0)\n    if (i + 1) % n == 0:\n        scaler.step(optimizer)\n        scaler.update()\n        optimizer.zero_grad()\n"
    ),
    use_instead=(
        "for i, (x, y) in enumerate(loader):\n    scaler.scale(criterion(model(x), y) / n).backward()\n    if (i + 1) % n == 0:\n"
        "        scaler.unscale_(optimizer)\n        clip_grad_norm_(model.parameters(), 1.0)\n        scaler.step(optimizer)\n"
        "        scaler.update()\n        optimizer.zero_grad()\n"
    ),
    valid=(
        # The next iteration's `unscale_` raises because nothing updates the scaler: one cause, ZG404's report on the step.
        "for x in loader:\n    optimizer.zero_grad()\n    scaler.scale(criterion(model(x))).backward()\n    scaler.unscale_(optimizer)\n"
        "    clip_grad_norm_(model.parameters(), 1.0)\n    scaler.step(optimizer)\n",
        "for x, y in loader:\n    optimizer.zero_grad()\n    scaler.scale(criterion(model(x), y)).backward()\n    scaler.unscale_(optimizer)\n"
        "    clip_grad_norm_(model.parameters(), 1.0)\n    scaler.step(optimizer)\n    scaler.update()\n",
        "for x in loader:\n    opt_a.zero_grad()\n    opt_b.zero_grad()\n    scaler.scale(loss(x)).backward()\n    scaler.unscale_(opt_a)\n"
        "    scaler.unscale_(opt_b)\n    scaler.step(opt_a)\n    scaler.step(opt_b)\n    scaler.update()\n",
        # Each pass of a loop over optimizers unscales another one.
        "for x in loader:\n    for optimizer in optimizers:\n        optimizer.zero_grad()\n    scaler.scale(loss(x)).backward()\n"
        "    for optimizer in optimizers:\n        scaler.unscale_(optimizer)\n        clip_grad_norm_(params, 1.0)\n"
        "        scaler.step(optimizer)\n    scaler.update()\n",
        "for x in loader:\n    for name, opt in self.optimizers.items():\n        opt.zero_grad()\n    scaler.scale(loss(x)).backward()\n"
        "    for name, opt in self.optimizers.items():\n        scaler.unscale_(opt)\n    for name, opt in self.optimizers.items():\n"
        "        scaler.step(opt)\n    scaler.update()\n",
        # The scaler's own record of the stage guards the second call.
        "from torch.amp.grad_scaler import OptState\n\ndef unscale_once(scaler, opt):\n"
        "    if scaler._per_optimizer_states[id(opt)]['stage'] is not OptState.UNSCALED:\n        scaler.unscale_(opt)\n\n"
        "for x in loader:\n    opt.zero_grad()\n    scaler.scale(loss(x)).backward()\n    unscale_once(scaler, opt)\n"
        "    clip_grad_norm_(params, 1.0)\n    unscale_once(scaler, opt)\n    scaler.step(opt)\n    scaler.update()\n",
        # A batch retried after an out-of-memory error is not a second unscale of the same step.
        "def train_batch(batch):\n    while True:\n        try:\n            opt.zero_grad()\n            scaler.scale(loss(batch)).backward()\n"
        "            scaler.unscale_(opt)\n            clip_grad_norm_(params, 1.0)\n            scaler.step(opt)\n"
        "        except torch.cuda.OutOfMemoryError:\n            batch = batch[: len(batch) // 2]\n            continue\n        return\n\n"
        "for batch in loader:\n    train_batch(batch)\n    scaler.update()\n",
        # On a TPU the step is torch_xla's, and the CUDA GradScaler, with no CUDA there, disables itself.
        "import torch_xla.core.xla_model as xm\n\nfor x in loader:\n    optimizer.zero_grad()\n    scaler.scale(loss(x)).backward()\n"
        "    scaler.unscale_(optimizer)\n    clip_grad_norm_(params, 1.0)\n    if on_tpu:\n        xm.optimizer_step(optimizer)\n"
        "    else:\n        scaler.step(optimizer)\n        scaler.update()\n",
    ),
    invalid=(
        "for i, (x, y) in enumerate(loader):\n    scaler.scale(criterion(model(x), y) / n).backward()\n    scaler.unscale_(optimizer)  # <- ZG403\n"
        "    clip_grad_norm_(model.parameters(), 1.0)\n    if (i + 1) % n == 0:\n        scaler.step(optimizer)\n        scaler.update()\n        optimizer.zero_grad()\n",
        "for x, y in loader:\n    optimizer.zero_grad()\n    scaler.scale(criterion(model(x), y)).backward()\n    scaler.unscale_(optimizer)\n"
        "    scaler.unscale_(optimizer)  # <- ZG403\n    scaler.step(optimizer)\n    scaler.update()\n",
        # Two loops over the same optimizers: every one of them is unscaled twice.
        "for x in loader:\n    scaler.scale(loss(x)).backward()\n    for optimizer in optimizers:\n        scaler.unscale_(optimizer)\n"
        "    clip_grad_norm_(params, 1.0)\n    for optimizer in optimizers:\n        scaler.unscale_(optimizer)  # <- ZG403\n"
        "        scaler.step(optimizer)\n        optimizer.zero_grad()\n    scaler.update()\n",
    ),
    check=check,
)
