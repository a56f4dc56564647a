from __future__ import annotations

from typing import Iterator

from zerograd_lint.analysis.facts import FileFacts, RootFacts
from zerograd_lint.analysis.ir.nodes import Event, Step
from zerograd_lint.rules import Finding, Rule
from zerograd_lint.rules.support import at, events_of, finding, loop_phrase


def check(facts: FileFacts) -> Iterator[Finding]:
    for root, step in events_of(facts, Step):
        if root.where[step.id].guard is not None:
            continue
        first = applied_by(root, step)
        if first is not None:
            yield finding(
                facts, step.node,
                f"{at(facts, step)} re-applies the gradients that {at(facts, first)} already applied: no backward ran "
                f"between the two steps{loop_phrase(facts, root, step)}, so the same update is made twice. "
                f"Remove one of the steps, or run the backward between them.",
            )
            continue
        backward = root.backward_after(step)
        if backward is None:
            continue
        place = f"in the same iteration{loop_phrase(facts, root, step)}" if root.loop_of(step) is not None else "in the same step"
        yield finding(
            facts, step.node,
            f"{at(facts, step)} runs before {at(facts, backward)} {place}: it applies the previous "
            f"iteration's gradients, or none. Step after the backward.",
        )


def applied_by(root: RootFacts, step: Step) -> Event | None:
    """The earlier step of the same iteration (or step body) whose applied gradients `step` finds on every path,
    with no backward since: `opt.step(); opt.step()`. None when any path brings it gradients not yet applied."""
    if step.closure:
        return None  # the closure runs a backward inside the step
    found = root.held(step, step.optimizer).only_applied_by(lambda first: is_earlier_step(root, first, step))
    return min(found, key=lambda first: root.order[first.id]) if found is not None else None


def is_earlier_step(root: RootFacts, first: Event, step: Step) -> bool:
    """A step of the same kind (both through a scaler, or neither) earlier in the same pass of the same loop."""
    return (
        isinstance(first, Step) and first is not step and first.via_scaler == step.via_scaler
        and root.order[first.id] < root.order[step.id] and root.loop_of(first) is root.loop_of(step)
        and root.same_pass(first, step)
    )


RULE = Rule(
    code="ZG201",
    name="step-before-backward",
    severity="error",
    needs=("lifecycle",),
    summary="In an iteration the step runs before the backward that produces its gradients.",
    what=(
        "Reports an optimizer step that no backward of the current iteration precedes, while a backward follows it "
        "in the same iteration; and a second step that finds only the gradients an earlier step of the same "
        "iteration already applied (`optimizer.step(); optimizer.step()` with no backward between)."
    ),
    why="The step applies stale gradients (from the previous iteration) or none at all: training lags one step behind or does not happen.",
    example="for x, y in loader:\n    optimizer.zero_grad()\n    optimizer.step()\n    criterion(model(x), y).backward()\n",
    use_instead="for x, y in loader:\n    optimizer.zero_grad()\n    criterion(model(x), y).backward()\n    optimizer.step()\n",
    limits=(
        "A step under a condition (e.g. `if i > 0:`) is not reported. Without a loop the order is that of one step "
        "body: two calls of the same helper in a row are two calls, not two iterations."
    ),
    valid=(
        "for x, y in loader:\n    optimizer.zero_grad()\n    criterion(model(x), y).backward()\n    optimizer.step()\n",
        # One step before the loop to silence a scheduler warning.
        "optimizer.step()\nfor x, y in loader:\n    optimizer.zero_grad()\n    criterion(model(x), y).backward()\n    optimizer.step()\n    scheduler.step()\n",
        # Two steps, each after its own backward.
        "for x, y in loader:\n    optimizer.zero_grad()\n    criterion(model(x), y).backward()\n    optimizer.step()\n"
        "    optimizer.zero_grad()\n    consistency(model, x).backward()\n    optimizer.step()\n",
        # LBFGS: the closure runs the backward inside step().
        "def closure():\n    optimizer.zero_grad()\n    loss = criterion(model(x), y)\n    loss.backward()\n    return loss\n\nfor _ in range(10):\n    optimizer.step(closure)\n",
        # Two calls of one helper in a row are two calls, not two iterations of a loop.
        "def run(optim_cls, params):\n    local_optim = optim_cls(module.parameters())\n"
        "    module(x).sum().backward()\n    local_optim.step()\n"
        "    dist_optim = DistributedOptimizer(optim_cls, params)\n"
        "    with dist_autograd.context() as context_id:\n"
        "        dist_autograd.backward(context_id, [module(x).sum()])\n        dist_optim.step(context_id)\n\n"
        "run(torch.optim.SGD, params)\nrun(torch.optim.Adam, params)\n",
    ),
    invalid=(
        "for x, y in loader:\n    optimizer.zero_grad()\n    optimizer.step()  # <- ZG201\n    criterion(model(x), y).backward()\n",
        "def train_step(model, optimizer, x, y):\n    optimizer.step()  # <- ZG201\n    optimizer.zero_grad()\n    criterion(model(x), y).backward()\n",
        # A step helper that steps before its own backward, called twice: reported once, at the step.
        "def train_step(x):\n    optimizer.zero_grad()\n    optimizer.step()  # <- ZG201\n"
        "    criterion(model(x)).backward()\n\ntrain_step(a)\ntrain_step(b)\n",
        # A second step with no backward since the first: it re-applies the same gradients.
        "for x, y in loader:\n    optimizer.zero_grad()\n    criterion(model(x), y).backward()\n    optimizer.step()\n"
        "    optimizer.step()  # <- ZG201\n",
    ),
    check=check,
)
