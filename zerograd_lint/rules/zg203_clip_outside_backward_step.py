from __future__ import annotations

from typing import Iterator

from zerograd_lint.analysis.facts import FileFacts, RootFacts
from zerograd_lint.analysis.held import Held
from zerograd_lint.analysis.ir.nodes import Backward, Clear, Clip, Coverage, Step
from zerograd_lint.rules import Finding, Rule
from zerograd_lint.rules.support import at, events_of, finding, loop_phrase


def check(facts: FileFacts) -> Iterator[Finding]:
    for root, clip in events_of(facts, Clip):
        if clip.measures_only:
            continue
        held = root.held_by(clip, root.fed[clip.id])
        if held.may_be_used():
            held = model_held(root, clip) or held
        if not held or held.may_be_used():
            continue
        step = held.applied_by()
        clear = held.cleared_by()
        if step is not None and stepped_again(root, clip):
            continue  # a second step applies the clipped gradients: the clip affects that step
        if step is not None:
            place = f"after {at(facts, step)}"
        elif clear is not None:
            place = f"after {at(facts, clear)} and before the next backward"
        else:
            place = "before any backward"
        yield finding(
            facts, clip.node,
            f"`{clip.text}` runs {place}{loop_phrase(facts, root, clip)}: it clips gradients the next step never uses. Clip between the backward and the step.",
        )


def model_held(root: RootFacts, clip: Clip) -> Held | None:
    """What the gradients of the model whose parameters the clip is handed hold, where that model is followed on its
    own (a clear of it whose relation to the optimizer is not visible): `model.zero_grad()` then
    `clip_grad_norm_(model.parameters(), ...)` before any backward clips that very model's empty gradients, whatever
    the optimizer; None where the model is not followed."""
    if clip.model is None or not root.follows_model(clip, clip.model):
        return None
    return root.held_by_model(clip, clip.model)


def stepped_again(root: RootFacts, clip: Clip) -> bool:
    """A step of an optimizer the clip's gradients belong to follows it in its loop (or step body) before any backward
    or clear of them, outside the other arm of a test: it applies the clipped gradients again (Point-MAE's
    segmentation loop steps, then clips and steps once more before clearing)."""
    fed = root.fed[clip.id]
    for event in root.later_in_loop(clip):
        if root.apart(clip, event):
            continue
        if isinstance(event, Backward):
            return False
        if isinstance(event, Clear) and any(root.coverage(event, key) is not Coverage.NONE for key in fed):
            return False
        if isinstance(event, Step) and not fed.isdisjoint(root.stepped_by(event)):
            return True
    return False


RULE = Rule(
    code="ZG203",
    name="clip-outside-backward-step",
    severity="warning",
    needs=("lifecycle",),
    summary="Gradient clipping runs where it cannot affect the next step.",
    what="Reports `clip_grad_norm_`, `clip_grad_value_`, `clip_grads_with_norm_` or `model.clip_grad_norm_` that runs after the step, or after a clear and before the backward.",
    why="Clipping only matters between the backward that fills `.grad` and the step that applies it; anywhere else it clips gradients that are already applied or about to be cleared.",
    example="for x, y in loader:\n    optimizer.zero_grad()\n    criterion(model(x), y).backward()\n    optimizer.step()\n    clip_grad_norm_(model.parameters(), 1.0)\n",
    use_instead="for x, y in loader:\n    optimizer.zero_grad()\n    criterion(model(x), y).backward()\n    clip_grad_norm_(model.parameters(), 1.0)\n    optimizer.step()\n",
    limits=(
        "Where the clip's gradients cannot be told (an unknown clear before it), nothing is reported, unless the clip is "
        "handed `model.parameters()` of a model whose own clear (`model.zero_grad()`) emptied them with no backward since; "
        "nor a clip after a step "
        "that another step of the same optimizer follows before any backward or clear (that step applies what it clipped)."
    ),
    valid=(
        # Lightning manual optimisation: `self.clip_gradients` before the step.
        "class Lit(LightningModule):\n    def training_step(self, batch, batch_idx):\n        opt = self.optimizers()\n"
        "        opt.zero_grad()\n        self.manual_backward(self.loss(batch))\n"
        "        self.clip_gradients(opt, gradient_clip_val=1.0)\n        opt.step()\n",
        "for x, y in loader:\n    optimizer.zero_grad()\n    criterion(model(x), y).backward()\n"
        "    torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)\n    optimizer.step()\n",
        "for x, y in loader:\n    optimizer.zero_grad()\n    scaler.scale(criterion(model(x), y)).backward()\n    scaler.unscale_(optimizer)\n"
        "    torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)\n    scaler.step(optimizer)\n    scaler.update()\n",
        # A second step applies the clipped gradients (the same gradients stepped twice is ZG201's, not this rule's).
        "for x, y in loader:\n    criterion(model(x), y).backward()\n    optimizer.step()\n"
        "    torch.nn.utils.clip_grad_norm_(model.parameters(), 10.0)\n    optimizer.step()\n    optimizer.zero_grad()\n",
    ),
    invalid=(
        # Lightning manual optimisation: `self.clip_gradients` after the step.
        "class Lit(LightningModule):\n    def training_step(self, batch, batch_idx):\n        opt = self.optimizers()\n"
        "        opt.zero_grad()\n        self.manual_backward(self.loss(batch))\n"
        "        opt.step()\n        self.clip_gradients(opt, gradient_clip_val=1.0)  # <- ZG203\n",
        "for x, y in loader:\n    optimizer.zero_grad()\n    criterion(model(x), y).backward()\n    optimizer.step()\n"
        "    torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)  # <- ZG203\n",
        "for x, y in loader:\n    optimizer.zero_grad()\n    torch.nn.utils.clip_grad_value_(model.parameters(), 0.5)  # <- ZG203\n"
        "    criterion(model(x), y).backward()\n    optimizer.step()\n",
        # The second step comes after a clear: the clip's gradients reach no step.
        "for x, y in loader:\n    criterion(model(x), y).backward()\n    optimizer.step()\n    optimizer.zero_grad()\n"
        "    torch.nn.utils.clip_grad_norm_(model.parameters(), 10.0)  # <- ZG203\n    optimizer.step()\n",
        # The optimizer's relation to the wrapped model is not visible; the model's own clear emptied what it clips.
        "model, device = load_model(net, gpus)\noptimizer = build_optimizer(cfg, net)\nmodel.zero_grad()\nfor x, y in loader:\n"
        "    loss = criterion(model(x), y)\n    torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)  # <- ZG203\n"
        "    loss.backward()\n    optimizer.step()\n    model.zero_grad()\n",
    ),
    check=check,
)
