from __future__ import annotations

from typing import Iterator

from zerograd_lint.analysis.facts import FileFacts
from zerograd_lint.analysis.ir.nodes import Step, Update
from zerograd_lint.fixes import zg402
from zerograd_lint.rules import Example, Finding, Rule
from zerograd_lint.rules.support import at, events_of, finding, loop_phrase, named


def check(facts: FileFacts) -> Iterator[Finding]:
    for root, step in events_of(facts, Step):
        if step.via_scaler or step.settles_scaling:  # an XLA step (a CUDA GradScaler disabled), a library's own: nothing scaled
            continue
        # apex's `amp.scale_loss` unscales as its block ends, and the optimizer's own step is amp's
        scaled = root.held(step, step.optimizer).scaled_backwards()
        backward = next((b for b in scaled if b.summary is None or not b.summary.steps_directly), None)
        if backward is None:
            continue
        # The scaler as the step's code names it: the fix writes it there.
        here = root.spelled(backward.scaler, step) if backward.scaler is not None else None
        scaler = here or backward.scaler or "scaler"
        optimizer = named(root, step.optimizer, step)
        yield finding(
            facts, step.node,
            f"`{step.text}` applies gradients scaled by `{scaler}` ({at(facts, backward)}) directly{loop_phrase(facts, root, step)}: the update is "
            f"multiplied by the scale and inf/NaN steps are not skipped. Use `{scaler}.step({optimizer})` "
            f"followed by `{scaler}.update()`.",
            fix=zg402.offer(
                facts, step.node, scaler, optimizer, has_update=any(isinstance(e, Update) for e in root.events), named=here is not None
            ),
        )


RULE = Rule(
    code="ZG402",
    name="step-bypasses-scaler",
    severity="error",
    needs=("lifecycle",),
    summary="After a scaled backward, `optimizer.step()` is called directly instead of `scaler.step(optimizer)`.",
    what="Reports a direct optimizer step that can apply gradients from `scaler.scale(loss).backward()`.",
    why=(
        "The scaled gradients are applied as they are (an update 65536 times too large), inf/NaN steps are applied "
        "instead of skipped, and `scaler.update()` has nothing to read. An explicit `scaler.unscale_()` before the "
        "direct step does not make it right."
    ),
    example="for x, y in loader:\n    optimizer.zero_grad()\n    scaler.scale(criterion(model(x), y)).backward()\n    optimizer.step()\n",
    use_instead="for x, y in loader:\n    optimizer.zero_grad()\n    scaler.scale(criterion(model(x), y)).backward()\n    scaler.step(optimizer)\n    scaler.update()\n",
    valid=(
        "for x, y in loader:\n    optimizer.zero_grad()\n    scaler.scale(criterion(model(x), y)).backward()\n    scaler.step(optimizer)\n    scaler.update()\n",
        "for x, y in loader:\n    optimizer.zero_grad()\n    if use_amp:\n        scaler.scale(criterion(model(x), y)).backward()\n"
        "        scaler.step(optimizer)\n        scaler.update()\n    else:\n        criterion(model(x), y).backward()\n        optimizer.step()\n",
        # apex: leaving `amp.scale_loss` unscales, and `amp.initialize` made the optimizer's own step skip overflows.
        "for x, y in loader:\n    optimizer.zero_grad()\n    with amp.scale_loss(criterion(model(x), y), optimizer) as scaled_loss:\n"
        "        scaled_loss.backward()\n    torch.nn.utils.clip_grad_norm_(amp.master_params(optimizer), 1.0)\n    optimizer.step()\n",
        # `scaler.scale(loss)` ran, so `scaler is None` is false: the direct step is the arm of runs without AMP.
        "for x, y in loader:\n    optimizer.zero_grad()\n    scaler.scale(criterion(model(x), y)).backward()\n"
        "    if scaler is None:\n        optimizer.step()\n    else:\n        scaler.step(optimizer)\n        scaler.update()\n",
        # The loop's `scaler = model.scaler` and the model's method's own `self.scaler` are one value: the plain step is
        # the arm of the plain backward.
        "class Net(torch.nn.Module):\n    def __init__(self, amp):\n        super().__init__()\n        self.layer = torch.nn.Linear(8, 8)\n"
        "        self.scaler = torch.amp.GradScaler() if amp else None\n\n    def forward_backward(self, x):\n"
        "        loss = self.layer(x).mean()\n        if self.scaler is not None:\n            self.scaler.scale(loss).backward()\n"
        "        else:\n            loss.backward()\n\n\ndef train(model, loader):\n    optimizer = torch.optim.AdamW(model.parameters())\n"
        "    scaler = model.scaler\n    for x in loader:\n        optimizer.zero_grad()\n        model.forward_backward(x)\n"
        "        if scaler is not None:\n            scaler.step(optimizer)\n            scaler.update()\n        else:\n"
        "            optimizer.step()\n\n\ndef main(loader):\n    train(Net(amp=True), loader)\n",
        # One AMP test chooses the backward in one loop and the step in the next: nothing assigns its names between.
        "def update(optimizers, scalers, losses, cfg):\n    for scaler, loss in zip(scalers, losses):\n        if cfg.amp:\n"
        "            scaler.scale(loss).backward()\n        else:\n            loss.backward()\n"
        "    for optimizer, scaler in zip(optimizers, scalers):\n        if cfg.amp:\n            scaler.step(optimizer)\n"
        "            scaler.update()\n        else:\n            optimizer.step()\n",
    ),
    invalid=(
        Example(
            "for x, y in loader:\n    optimizer.zero_grad()\n    scaler.scale(criterion(model(x), y)).backward()\n    optimizer.step()  # <- ZG402\n",
            fixed=(
                "for x, y in loader:\n    optimizer.zero_grad()\n"
                "    scaler.scale(criterion(model(x), y)).backward()\n    scaler.step(optimizer)  # <- ZG402\n"
                "    scaler.update()\n"
            ),
        ),
        Example(
            "for x, y in loader:\n    optimizer.zero_grad()\n    scaler.scale(criterion(model(x), y)).backward()\n    scaler.unscale_(optimizer)\n"
            "    optimizer.step()  # <- ZG402\n    scaler.update()\n",
            fixed=(
                "for x, y in loader:\n    optimizer.zero_grad()\n"
                "    scaler.scale(criterion(model(x), y)).backward()\n    scaler.unscale_(optimizer)\n"
                "    scaler.step(optimizer)  # <- ZG402\n    scaler.update()\n"
            ),
        ),
        # apex's own step is right after `amp.scale_loss`, not after the GradScaler's backward of the other arm.
        "for x, y in loader:\n    optimizer.zero_grad()\n    loss = criterion(model(x), y)\n    if use_apex:\n"
        "        with amp.scale_loss(loss, optimizer) as scaled_loss:\n            scaled_loss.backward()\n"
        "    else:\n        scaler.scale(loss).backward()\n    optimizer.step()  # <- ZG402\n",
        # A test of another setting says nothing of the scaler the backward went through.
        "for x, y in loader:\n    optimizer.zero_grad()\n    scaler.scale(criterion(model(x), y)).backward()\n"
        "    if use_amp:\n        scaler.step(optimizer)\n        scaler.update()\n    else:\n        optimizer.step()  # <- ZG402\n",
        # A schedule wrapper's own step, run by a helper handed the wrapper by its caller: its plain step of the
        # wrapped optimizer bypasses the scaler.
        "class ScheduledOptim:\n    def __init__(self, optimizer, warmup):\n        self._optimizer = optimizer\n"
        "        self.warmup = warmup\n\n    def zero_grad(self):\n        self._optimizer.zero_grad()\n\n    def step_and_update_lr(self):\n"
        "        self._optimizer.step()  # <- ZG402\n\n\ndef train_epoch(model, loader, optimizer, scaler):\n"
        "    for x, y in loader:\n        optimizer.zero_grad()\n        scaler.scale(criterion(model(x), y)).backward()\n"
        "        optimizer.step_and_update_lr()\n        scaler.update()\n\n\ndef main(model, loader):\n    optimizer = ScheduledOptim(torch.optim.Adam(model.parameters()), 4000)\n"
        "    scaler = torch.amp.GradScaler()\n    train_epoch(model, loader, optimizer, scaler)\n",
    ),
    check=check,
)
