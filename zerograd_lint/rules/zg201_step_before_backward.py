from __future__ import annotations

from typing import Iterator

from zerograd_lint.analysis.facts import FileFacts
from zerograd_lint.analysis.ir.nodes import Backward, Step
from zerograd_lint.rules import Finding, Rule
from zerograd_lint.rules.support import at, events_of, finding, loop_phrase, runs_before_its_backward


def check(facts: FileFacts) -> Iterator[Finding]:
    for root, step in events_of(facts, Step):
        if root.where[step.id].guard is not None or not runs_before_its_backward(root, step):
            continue
        backward = next(
            e for e in root.later_in_loop(step)
            if isinstance(e, Backward) and step.optimizer in root.fed[e.id] and root.same_pass(step, e)
        )
        place = f"in the same iteration{loop_phrase(facts, root, step)}" if root.loop_of(step) is not None else "in the same step"
        yield finding(
            facts, step.node,
            f"{at(facts, step)} runs before {at(facts, backward)} {place}: it applies the previous "
            f"iteration's gradients, or none. Step after the backward.",
        )


RULE = Rule(
    code="ZG201",
    name="step-before-backward",
    severity="error",
    needs=("lifecycle",),
    summary="In an iteration the step runs before the backward that produces its gradients.",
    what="Reports an optimizer step that no backward of the current iteration precedes, while a backward follows it in the same iteration.",
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
    ),
    check=check,
)
