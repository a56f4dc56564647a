from __future__ import annotations

from typing import Iterator

import libcst as cst

from zerograd_lint.analysis.facts import FileFacts, RootFacts, walk
from zerograd_lint.analysis.ir.names import code_of
from zerograd_lint.analysis.ir.nodes import Backward, Branch, Clear, Coverage, Loop, Step
from zerograd_lint.analysis.ir.visiting import nodes_of
from zerograd_lint.rules import Finding, Rule
from zerograd_lint.rules.support import at, events_of, finding, guard_phrase, loop_named


def check(facts: FileFacts) -> Iterator[Finding]:
    yield from cleared_every_micro_batch(facts)
    yield from accumulation_never_entered(facts)


def cleared_every_micro_batch(facts: FileFacts) -> Iterator[Finding]:
    for root, step in events_of(facts, Step):
        where = root.where[step.id]
        if where.loop is None:
            continue
        guarded = root.under_accumulation_guard(step)
        held = root.held(step, step.optimizer)
        for clear in held.lost_to():
            if root.loop_of(clear) is not where.loop or not root.every_iteration(clear):
                continue  # once per epoch, or on a bad batch only: not every iteration of the accumulating loop
            if throws_away_only_its_own_backward(root, clear, step):
                continue
            if guarded:
                yield finding(
                    facts, clear.node,
                    f"`{clear.text}` runs every iteration and throws away the gradients accumulated for {at(facts, step)}, "
                    f"which steps {guard_phrase(facts, root, step)}: only the last micro-batch reaches the step. "
                    f"Clear only after the step, under the same condition.",
                    step=step,
                )
            elif (micro_loop := root.where[clear.id].micro_loop) is not None and any(
                root.where[b.id].micro_loop is micro_loop for b in held.this_iterations_backwards()
            ) and not reads_gradients(micro_loop.node):
                # The step after an inner loop of backwards sums them (RULES.md "Accumulation guard"); a clear in that
                # loop keeps only the last one. A clear after the last backward leaves the step nothing (ZG102), and
                # a step whose gradients come from elsewhere (its closure's backward) does not use that loop's.
                yield finding(
                    facts, clear.node,
                    f"`{clear.text}` runs every micro-batch of the loop at line {facts.line(micro_loop.node)} and throws away "
                    f"the gradients accumulated for {at(facts, step)}, which steps after that loop: only the last "
                    f"micro-batch reaches the step. Clear once per step, before the micro-batch loop or after the step.",
                    step=step,
                )


def throws_away_only_its_own_backward(root: RootFacts, clear: Clear, step: Step) -> bool:
    """The clear throws away no earlier iteration's gradients, only those of backwards of this iteration that another
    backward of it follows: a probe's fake backward and the clear that cancels it (lingua's, after asserting that no
    gradient was there), before the micro-batch's own, which the clear leaves to accumulate."""
    thrown = root.held(clear, step.optimizer)
    if thrown.earlier_backward() is not None:
        return False
    later = {e.id for e in root.later_in_loop(clear) if isinstance(e, Backward) and step.optimizer in root.fed[e.id]}
    return bool(later) and not later & {b.id for b in thrown.this_iterations_backwards()}


def reads_gradients(node: cst.CSTNode) -> bool:
    """The code reads some `.grad` other than to clear it: per micro-batch gradients kept by hand (PCGrad's
    `grads.append([p.grad.clone() ...])`), which a clear before the next backward does not lose."""
    clearing = {
        id(n.value) for n in nodes_of(node, cst.Attribute) if n.attr.value in ("zero_", "detach_")
    } | {
        id(t.target) for a in nodes_of(node, cst.Assign) if isinstance(a.value, cst.Name) and a.value.value == "None"
        for t in a.targets
    }
    return any(n.attr.value == "grad" and id(n) not in clearing for n in nodes_of(node, cst.Attribute))


def tests_sync_gradients(loop: Loop) -> bool:
    return any(isinstance(n, Branch) and n.test is not None and "sync_gradients" in code_of(n.test) for n in walk(loop.body))


def accumulation_never_entered(facts: FileFacts) -> Iterator[Finding]:
    """`Accelerator(gradient_accumulation_steps=N)`, but the loop steps and clears every micro-batch outside `accumulate()`."""
    reported: set[int] = set()
    for root, backward in events_of(facts, Backward):
        loop = root.loop_of(backward)
        if backward.unused_accumulation is None or loop is None or tests_sync_gradients(loop):
            continue
        if root.where[backward.id].micro_loop is not None:
            continue  # an inner loop of micro-batch backwards before the step accumulates by hand
        steps = [e for e in root.events if isinstance(e, Step) and root.reached(e) and root.loop_of(e) is loop and e.optimizer in root.fed[backward.id]]
        if not steps or any(root.where[s.id].guard is not None for s in steps):
            continue  # a step under a condition of the loop's own may accumulate by hand
        for step in steps:
            for clear in every_iteration_clears(root, loop, step):
                if clear.id in reported:
                    continue
                reported.add(clear.id)
                steps_text = backward.unused_accumulation
                yield finding(
                    facts, clear.node,
                    f"`{clear.text}` clears after every micro-batch although the Accelerator is built with "
                    f"`gradient_accumulation_steps={steps_text}`: {loop_named(facts, loop)} never enters "
                    f"`accelerator.accumulate(...)`, so {at(facts, backward)} divides each loss by {steps_text} and {at(facts, step)} "
                    f"applies every micro-batch's 1/{steps_text}-sized gradient on its own. Accumulation is configured but never used: "
                    f"run the forward, backward, step and clear inside `with accelerator.accumulate(model):`.",
                    step=step,
                )


def every_iteration_clears(root: RootFacts, loop: Loop, step: Step) -> list[Clear]:
    return [
        e for e in root.events
        if isinstance(e, Clear) and root.reached(e) and root.loop_of(e) is loop and root.where[e.id].guard is None
        and root.coverage(e, step.optimizer) is Coverage.KNOWN
    ]


RULE = Rule(
    code="ZG105",
    name="accumulation-defeated",
    severity="error",
    needs=("lifecycle",),
    summary="The step is under an accumulation guard, but a clear every iteration throws the accumulation away.",
    what=(
        "Reports a clear that runs on every iteration while the step it feeds runs only every n iterations (an "
        "accumulation guard such as `(i + 1) % n == 0`, or `accelerator.accumulate()`, where only the prepared "
        "optimizer's own clear is skipped on accumulation steps: a model's `zero_grad()` is not). Also reports the clear "
        "of a loop that steps and clears every micro-batch while the Accelerator is built with "
        "`gradient_accumulation_steps=N` and the loop never enters `accelerator.accumulate()` nor tests `sync_gradients`; "
        "and a clear inside an inner loop of micro-batch backwards that one step follows (RULES.md: such a loop "
        "accumulates), unless that loop keeps each micro-batch's `.grad` by hand (PCGrad's per-task gradients)."
    ),
    why=(
        "Each clear wipes the micro-batches summed so far: the step sees one micro-batch, the effective batch is n times "
        "smaller than intended. With accumulation configured but never used, `accelerator.backward` still divides every "
        "loss by N, so each update applies a 1/N-sized gradient of one micro-batch."
    ),
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
        "deliberate drop, not an accumulation bug. Accumulation configured but never used is only "
        "reported where every construction of the Accelerator visibly sets it (not to 1), without a DeepSpeed plugin "
        "(whose engine accumulates by itself), and the step runs under no condition of the loop's own."
    ),
    valid=(
        # Lightning's loop calls `training_step` once per batch (manual optimisation): cleared after the guarded step.
        "class Lit(LightningModule):\n    def __init__(self, accumulate):\n        super().__init__()\n"
        "        self.automatic_optimization = False\n        self.accumulate = accumulate\n\n"
        "    def training_step(self, batch, batch_idx):\n        opt = self.optimizers()\n"
        "        self.manual_backward(self.loss(batch) / self.accumulate)\n        if (batch_idx + 1) % self.accumulate == 0:\n"
        "            opt.step()\n            opt.zero_grad()\n",
        "for i, (x, y) in enumerate(loader):\n    (criterion(model(x), y) / n).backward()\n"
        "    if (i + 1) % n == 0:\n        optimizer.step()\n        optimizer.zero_grad()\n",
        "for batch in loader:\n    with accelerator.accumulate(model):\n        accelerator.backward(model(batch).loss)\n"
        "        optimizer.step()\n        optimizer.zero_grad()\n",
        # GAN critic: backward and step under the same condition.
        "for i, x in enumerate(loader):\n    opt.zero_grad()\n    if i % n_critic == 0:\n        loss(x).backward()\n        opt.step()\n",
        # The prepared optimizer's clear after the block is skipped on accumulation steps too.
        "accelerator = Accelerator(gradient_accumulation_steps=4)\nmodel, optimizer = accelerator.prepare(model, optimizer)\n"
        "for batch in loader:\n    with accelerator.accumulate(model):\n        accelerator.backward(model(batch).loss)\n"
        "        optimizer.step()\n    optimizer.zero_grad()\n",
        # Accumulation configured and done by hand: the step runs every n micro-batches.
        "accelerator = Accelerator(gradient_accumulation_steps=n)\nfor i, batch in enumerate(loader):\n"
        "    accelerator.backward(model(batch).loss)\n    if (i + 1) % n == 0:\n        optimizer.step()\n        optimizer.zero_grad()\n",
        "accelerator = Accelerator(gradient_accumulation_steps=1)\nfor batch in loader:\n    accelerator.backward(model(batch).loss)\n"
        "    optimizer.step()\n    optimizer.zero_grad()\n",
        "accelerator = Accelerator(gradient_accumulation_steps=8, deepspeed_plugin=plugin)\nfor batch in loader:\n"
        "    accelerator.backward(model(batch).loss)\n    optimizer.step()\n    optimizer.zero_grad()\n",
        # A closure that clears is evaluated in an inner loop and again by the step: the step's gradients are its own.
        "def closure():\n    optimizer.zero_grad()\n    loss = criterion(model(x), y)\n    loss.backward()\n    return loss\n\n"
        "for _ in range(steps):\n    for scheduler in schedulers:\n        scheduler.step(closure())\n    optimizer.step(closure)\n",
        # Micro-batches cleared once per step, before their loop.
        "for batch in loader:\n    optimizer.zero_grad()\n    for x in batch.chunk(n):\n        (loss(x) / n).backward()\n"
        "    optimizer.step()\n",
        # A clear only on a bad batch (then `continue`): not every iteration.
        "for step, x in enumerate(loader):\n    loss = criterion(model(x)) / n\n"
        "    if not torch.isfinite(loss):\n        optimizer.zero_grad()\n        continue\n    loss.backward()\n"
        "    if (step + 1) % n == 0:\n        optimizer.step()\n        optimizer.zero_grad()\n",
    ),
    invalid=(
        # Lightning's manual optimisation: `training_step` is the body of Lightning's loop, which calls it once per batch.
        "class Lit(LightningModule):\n    def __init__(self, accumulate):\n        super().__init__()\n"
        "        self.automatic_optimization = False\n        self.accumulate = accumulate\n\n"
        "    def training_step(self, batch, batch_idx):\n        opt = self.optimizers()\n"
        "        opt.zero_grad()  # <- ZG105\n        self.manual_backward(self.loss(batch) / self.accumulate)\n"
        "        if (batch_idx + 1) % self.accumulate == 0:\n            opt.step()\n",
        "for i, (x, y) in enumerate(loader):\n    optimizer.zero_grad()  # <- ZG105\n    (criterion(model(x), y) / n).backward()\n"
        "    if (i + 1) % n == 0:\n        optimizer.step()\n",
        "optimizer = torch.optim.AdamW(model.parameters())\nmodel, optimizer = accelerator.prepare(model, optimizer)\n"
        "for batch in loader:\n    with accelerator.accumulate(model):\n        accelerator.backward(model(batch).loss)\n"
        "        optimizer.step()\n        model.zero_grad()  # <- ZG105\n",
        "class Trainer:\n    def __init__(self, policy):\n        self.accelerator = Accelerator(gradient_accumulation_steps=4)\n"
        "        self.optimizer = torch.optim.Adam(policy.parameters())\n"
        "        self.policy, self.optimizer = self.accelerator.prepare(policy, self.optimizer)\n\n"
        "    def train(self, loader):\n        for batch in loader:\n            with self.accelerator.accumulate(self.policy):\n"
        "                self.policy.zero_grad(set_to_none=True)  # <- ZG105\n"
        "                self.accelerator.backward(self.policy(batch).loss)\n                self.optimizer.step()\n",
        # Accumulation configured, but the loop never enters `accumulate()`.
        "accelerator = Accelerator(gradient_accumulation_steps=8)\nmodel, optimizer = accelerator.prepare(model, optimizer)\n"
        "for batch in loader:\n    accelerator.backward(model(batch).loss)\n    optimizer.step()\n    optimizer.zero_grad()  # <- ZG105\n",
        "accelerator = Accelerator(\n    gradient_accumulation_plugin=GradientAccumulationPlugin(num_steps=args.accum_steps)\n)\n"
        "for batch in loader:\n    optimizer.zero_grad()  # <- ZG105\n    accelerator.backward(model(batch).loss)\n    optimizer.step()\n",
        # Micro-batches in an inner loop before one step, but the clear is inside that loop.
        "for batch in loader:\n    for x in batch.chunk(n):\n        optimizer.zero_grad()  # <- ZG105\n"
        "        (loss(x) / n).backward()\n    optimizer.step()\n",
        # A counter with another name: `micro_step == n - 1` is an accumulation guard.
        "micro_step = 0\nfor x in loader:\n    optimizer.zero_grad()  # <- ZG105\n    (loss(x) / n).backward()\n"
        "    if micro_step == n - 1:\n        optimizer.step()\n    micro_step = (micro_step + 1) % n\n",
    ),
    check=check,
)
