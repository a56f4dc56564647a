from __future__ import annotations

from typing import Iterator

from zerograd_lint.analysis.facts import FileFacts, RootFacts
from zerograd_lint.analysis.ir.nodes import Clip
from zerograd_lint.fixes import zg401
from zerograd_lint.rules import Example, Finding, Rule
from zerograd_lint.rules.support import at, events_of, finding, loop_phrase, scaler_of


def certainly_unscaled(root: RootFacts, clip: Clip) -> bool:
    """Some optimizer was unscaled on every path: its parameters may be exactly the clipped ones."""
    return any(root.held(clip, key).unscaled_on_every_path() for key in root.optimizers)


def check(facts: FileFacts) -> Iterator[Finding]:
    for root, clip in events_of(facts, Clip):
        if clip.unscales_itself or clip.threshold_scaled or certainly_unscaled(root, clip):
            continue
        for optimizer in sorted(root.fed[clip.id]):
            held = root.held(clip, optimizer)
            if not held.may_be_scaled():
                continue
            backward = held.scaled_backward()
            # The scaler and the optimizer as the clip's code names them: the fix writes them there.
            here = root.spelled(scaler_of(root, optimizer), clip), root.spelled(optimizer, clip)
            scaler, name = here[0] or scaler_of(root, optimizer), here[1] or optimizer
            source = f" from {at(facts, backward)}" if backward is not None else ""
            summary = backward.summary if backward is not None else None
            # A library wrapper's scaled gradients are unscaled its own way (summaries.Summary.clip_advice).
            wrapper_cure = summary.clip_advice.format(scaler=scaler) if summary is not None else None
            scale = f"{summary.library}'s loss scale" if summary is not None else "the GradScaler's scale"
            cure = wrapper_cure or f"call `{scaler}.unscale_({name})` before clipping"
            yield finding(
                facts, clip.node,
                f"`{clip.text}` sees gradients still multiplied by {scale}{source}{loop_phrase(facts, root, clip)}: the threshold "
                f"applies to scaled gradients. {cure[0].upper()}{cure[1:]}.",
                fix=zg401.offer(facts, clip.node, scaler, name, wrapper_cure, named=None not in here),
            )
            break


RULE = Rule(
    code="ZG401",
    name="clip-without-unscale",
    severity="error",
    needs=("lifecycle",),
    summary="Under a GradScaler, gradients are clipped (or their norm measured) before `scaler.unscale_()`.",
    what="Reports clipping or norm measurement that can run, on some path, between a scaled backward (`scaler.scale(loss).backward()`) and `scaler.unscale_(optimizer)`.",
    why=(
        "The gradients are still multiplied by the scale (65536 by default): a max-norm of 1.0 shrinks every update "
        "by about the scale factor, or the norm you log is meaningless."
    ),
    example=(
        "for x, y in loader:\n    optimizer.zero_grad()\n    scaler.scale(criterion(model(x), y)).backward()\n"
        "    torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)\n    scaler.step(optimizer)\n    scaler.update()\n"
    ),
    use_instead=(
        "for x, y in loader:\n    optimizer.zero_grad()\n    scaler.scale(criterion(model(x), y)).backward()\n"
        "    scaler.unscale_(optimizer)\n    torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)\n"
        "    scaler.step(optimizer)\n    scaler.update()\n"
    ),
    limits=(
        "`accelerator.clip_grad_norm_` and `fabric.clip_gradients` unscale by themselves and are not reported. Library "
        "wrappers are read from their summaries: timm's `loss_scaler(loss, optimizer, clip_grad=..., parameters=...)` "
        "unscales before it clips, apex's `with amp.scale_loss(...)` block unscales as it ends; a clip of the gradients "
        "they scaled, before that, is reported with the wrapper's own cure and no edit. A threshold multiplied by the "
        "scaler's scale (`max_norm * scaler.get_scale()`, mmf's trainers) fits the scaled gradients and is not reported."
    ),
    valid=(
        "for x, y in loader:\n    optimizer.zero_grad()\n    scaler.scale(criterion(model(x), y)).backward()\n    scaler.step(optimizer)\n    scaler.update()\n",
        "for x, y in loader:\n    optimizer.zero_grad()\n    scaler.scale(criterion(model(x), y)).backward()\n    scaler.unscale_(optimizer)\n"
        "    torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)\n    scaler.step(optimizer)\n    scaler.update()\n",
        "for batch in loader:\n    optimizer.zero_grad()\n    accelerator.backward(model(batch).loss)\n"
        "    accelerator.clip_grad_norm_(model.parameters(), 1.0)\n    optimizer.step()\n",
        # The threshold scaled as the gradients are: the same clip as after `unscale_`.
        "for x, y in loader:\n    optimizer.zero_grad()\n    scaler.scale(criterion(model(x), y)).backward()\n"
        "    torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0 * scaler.get_scale())\n    scaler.step(optimizer)\n"
        "    scaler.update()\n",
        # A loss scaled by hand is not a GradScaler.
        "for x, y in loader:\n    optimizer.zero_grad()\n    (criterion(model(x), y) * 1024).backward()\n"
        "    torch.nn.utils.clip_grad_norm_(model.parameters(), 1024.0)\n    optimizer.step()\n",
        # timm's scaler clips what it has unscaled; apex's block unscales as it ends.
        "for x, y in loader:\n    optimizer.zero_grad()\n"
        "    loss_scaler(criterion(model(x), y), optimizer, clip_grad=1.0, parameters=model.parameters())\n",
        "for x, y in loader:\n    optimizer.zero_grad()\n    with amp.scale_loss(criterion(model(x), y), optimizer) as scaled_loss:\n"
        "        scaled_loss.backward()\n    torch.nn.utils.clip_grad_norm_(amp.master_params(optimizer), 1.0)\n    optimizer.step()\n",
        # A helper for both kinds of run, handed the scaler the loop scaled with: `scaler is None` cannot hold there.
        "def update(model, optimizer, scaler=None):\n    if scaler is not None:\n        scaler.unscale_(optimizer)\n"
        "    torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)\n    if scaler is not None:\n        scaler.step(optimizer)\n"
        "        scaler.update()\n    else:\n        optimizer.step()\n\n\nfor x, y in loader:\n    optimizer.zero_grad()\n"
        "    scaler.scale(criterion(model(x), y)).backward()\n    update(model, optimizer, scaler)\n",
        # `if scaler:` right after `scaler.scale(loss)` used it: a GradScaler has no `__bool__` or `__len__`, it is true.
        "def clip(model, optimizer, scaler):\n    if scaler:\n        scaler.unscale_(optimizer)\n"
        "    torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)\n\n\nfor x, y in loader:\n    optimizer.zero_grad()\n"
        "    scaler.scale(criterion(model(x), y)).backward()\n    clip(model, optimizer, scaler)\n    scaler.step(optimizer)\n"
        "    scaler.update()\n",
    ),
    invalid=(
        Example(
            "for x, y in loader:\n    optimizer.zero_grad()\n    scaler.scale(criterion(model(x), y)).backward()\n"
            "    torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)  # <- ZG401\n    scaler.step(optimizer)\n    scaler.update()\n",
            fixed=(
                "for x, y in loader:\n    optimizer.zero_grad()\n"
                "    scaler.scale(criterion(model(x), y)).backward()\n    scaler.unscale_(optimizer)\n"
                "    torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)  # <- ZG401\n"
                "    scaler.step(optimizer)\n    scaler.update()\n"
            ),
        ),
        # Unscaled on one path only.
        Example(
            "for i, (x, y) in enumerate(loader):\n    optimizer.zero_grad()\n    scaler.scale(criterion(model(x), y)).backward()\n"
            "    if i > warmup:\n        scaler.unscale_(optimizer)\n    clip_grad_norm_(model.parameters(), 1.0)  # <- ZG401\n"
            "    scaler.step(optimizer)\n    scaler.update()\n",
            fixed=(
                "for i, (x, y) in enumerate(loader):\n    optimizer.zero_grad()\n"
                "    scaler.scale(criterion(model(x), y)).backward()\n    scaler.unscale_(optimizer)\n"
                "    clip_grad_norm_(model.parameters(), 1.0)  # <- ZG401\n    scaler.step(optimizer)\n"
                "    scaler.update()\n"
            ),
        ),
        # The helper clips before it knows whether the run scales.
        "def update(model, optimizer, scaler=None):\n    torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)  # <- ZG401\n"
        "    if scaler is not None:\n        scaler.step(optimizer)\n        scaler.update()\n    else:\n        optimizer.step()\n\n\n"
        "for x, y in loader:\n    optimizer.zero_grad()\n    scaler.scale(criterion(model(x), y)).backward()\n"
        "    update(model, optimizer, scaler)\n",
        # `unscale_` written without a call does nothing.
        "for x, y in loader:\n    optimizer.zero_grad()\n    scaler.scale(criterion(model(x), y)).backward()\n    scaler.unscale_  # <- ZG202\n"
        "    clip_grad_norm_(model.parameters(), 1.0)  # <- ZG401\n    scaler.step(optimizer)\n    scaler.update()\n",
        # An updater of the project handed the scaler (returnn's): it clips before its scaler's step; the loop clears
        # through its getter, after each step (a copy of the step's flag decides the next iteration's clear).
        "class Updater:\n    def __init__(self, model, max_norm):\n        self.model = model\n        self.max_norm = max_norm\n"
        "        self.optimizer = torch.optim.AdamW(model.parameters())\n\n    def get_optimizer(self):\n        return self.optimizer\n"
        "\n    def step(self, scaler=None):\n        torch.nn.utils.clip_grad_norm_(self.model.parameters(), self.max_norm)  # <- ZG401\n"
        "        if scaler is not None:\n            scaler.step(self.optimizer)\n            scaler.update()\n"
        "        else:\n            self.optimizer.step()\n\n\nscaler = torch.amp.GradScaler()\nupdater = Updater(model, 1.0)\n"
        "clear_next = True\nfor x in loader:\n    if clear_next:\n        updater.get_optimizer().zero_grad()\n"
        "        count = 0\n    scaler.scale(model(x).mean() / accum).backward()\n    count += 1\n    stepped = count >= accum\n"
        "    if stepped:\n        updater.step(scaler=scaler)\n    clear_next = stepped\n",
    ),
    check=check,
)
