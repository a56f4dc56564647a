from __future__ import annotations

from functools import partial
from typing import Iterable, Iterator

import libcst as cst

from zerograd_lint.analysis.facts import FileFacts, RootFacts
from zerograd_lint.analysis.ir.nodes import Backward, Clear, Coverage, Event, Step
from zerograd_lint.fixes import zg101
from zerograd_lint.rules import Example, Finding, Rule
from zerograd_lint.rules.support import at, events_of, finding, guard_phrase, loop_phrase, named


def clear_outside_loop(root: RootFacts, step: Step, optimizer: str) -> Clear | None:

    def clears(events: Iterable[Event]) -> Iterator[Clear]:
        return (e for e in events if isinstance(e, Clear) and e.target.key == optimizer and root.reached(e))

    if any(clears(root.events_by_loop[root.loop_of(step)])):
        return None
    return next(clears(root.events), None)


def uncalled_clear_elsewhere(facts: FileFacts, root: RootFacts, optimizer: str) -> bool:
    owners = {optimizer, *root.models.get(optimizer, ())}
    if not any(u.text.endswith(".zero_grad") and u.text[: -len(".zero_grad")] in owners for u in facts.uncalled):
        return False
    return any(
        isinstance(e, Clear) and e.target.kind != "fresh" and root.coverage(e, optimizer) is not Coverage.NONE
        for e in root.events
    )


def check(facts: FileFacts) -> Iterator[Finding]:
    styles: dict[int, bool | None] = {}  # per function: `set_to_none_style` looks through all its events
    for root, step in events_of(facts, Step):
        if id(root) not in styles:
            styles[id(root)] = set_to_none_style(root)
        # A step in a loop over a container of optimizers steps each of them: the first one it finds wrong.
        findings = (f for optimizer in root.stepped_by(step) for f in step_findings(facts, root, step, optimizer, styles[id(root)]))
        found = next(findings, None)
        if found is not None:
            yield found


def step_findings(facts: FileFacts, root: RootFacts, step: Step, optimizer: str, style: bool | None) -> Iterator[Finding]:
    """The report on a step that applies what `optimizer`'s gradients hold (its own optimizer, or an element of the
    container it loops over), if any."""
    where = root.where[step.id]
    held = root.held(step, optimizer)
    name = named(root, optimizer, step)
    leaked = held.leaked_backward()
    if leaked is not None:
        yield leak_finding(facts, root, step, optimizer, leaked)
        return
    summed = closure_evaluations_summed(root, step, optimizer)
    if summed is not None:
        yield closure_finding(facts, root, step, optimizer, *summed)
        return
    if where.loop is None or uncalled_clear_elsewhere(facts, root, optimizer):
        return  # loop-carried: needs the loop
    fix = partial(
        zg101.offer, facts, root, step, where.loop, optimizer=optimizer, guarded=where.guard is not None, set_to_none=style,
        closure=step.closure,
    )
    reapplied = held.reapplied()
    if reapplied and cleared_on_another_count(root, step, optimizer):
        return  # a clear of another count always runs between two of its steps
    if reapplied:
        earlier = reapplied.applied_by()
        if where.guard is not None and earlier is not step:
            yield finding(
                facts, step.node,
                f"optimizer `{name}` applies again the gradients already applied by {at(facts, earlier)}: nothing clears "
                f"them after that step, and this one runs {guard_phrase(facts, root, step)}. "
                f"Call `{named(root, optimizer, earlier)}.zero_grad()` right after {at(facts, earlier)}.",
                fix=fix(),
            )
        elif where.guard is not None:
            yield finding(
                facts, step.node,
                f"optimizer `{name}` applies again the gradients already applied by {at(facts, earlier)}: "
                f"nothing clears them after the step {guard_phrase(facts, root, step)}. "
                f"{advice(root, step, optimizer, in_loop=False)}",
                fix=fix(),
            )
        elif earlier is not None and earlier is not step and not step.closure:
            # Another step applied them and nothing cleared since (a second step of the same optimizer in one
            # iteration, `scaler_st.step(optimizer)` meant for `optimizer_st`): no earlier iteration is involved.
            yield finding(
                facts, step.node,
                f"optimizer `{name}` applies again the gradients already applied by {at(facts, earlier)}: nothing clears "
                f"them between that step and this one{loop_phrase(facts, root, step)}. Step `{name}` once per backward, "
                f"or call `{named(root, optimizer, earlier)}.zero_grad()` right after {at(facts, earlier)}.",
            )
        else:
            backward = reapplied.backward()
            yield finding(
                facts, step.node,
                f"optimizer `{name}` steps with gradients summed over every earlier iteration{loop_phrase(facts, root, step)}: "
                f"nothing clears them between {between(facts, backward, step)}"
                f"{outside_hint(facts, root, step, optimizer)}. {advice(root, step, optimizer, in_loop=True)}",
                fix=fix(backward=backward),
            )
        return
    backward = next((b for b in held.earlier_backwards() if not root.accumulated_by_an_inner_loop(b, step)), None)
    if backward is not None and not root.under_accumulation_guard(step) and not root.runs_before_its_backward(step, optimizer):
        source = "an earlier iteration" if root.loop_of(backward) is where.loop else "a backward before the loop"
        yield finding(
            facts, step.node,
            f"optimizer `{name}` steps with gradients from {source}{loop_phrase(facts, root, step)}: "
            f"nothing clears them between {between(facts, backward, step)}"
            f"{outside_hint(facts, root, step, optimizer)}. {advice(root, step, optimizer, in_loop=True)}",
            fix=fix(backward=backward),
        )


def cleared_on_another_count(root: RootFacts, step: Step, optimizer: str) -> bool:
    """A clear known to cover the step's optimizer runs in its loop under `i % c == d` while the step runs under
    `i % a == b` of the same counter (literals; each test written in the `if` or bound once to a flag it tests), with
    `c < a`: the counter moves by one each iteration, so one of the `a - 1` iterations between two steps clears
    (`opt_gen.zero_grad()` every 2 batches, `opt_dis` stepping every 4 over the same parameters)."""
    loop, where = root.loop_of(step), root.where[step.id]
    stepping = periodic(root, step)
    if loop is None or stepping is None:
        return False
    counters = root.structure.rebound(loop).counters
    for clear in (e for e in root.events if isinstance(e, Clear) and root.reached(e) and root.loop_of(e) is loop):
        clearing = periodic(root, clear)
        if (
            clearing is not None and root.where[clear.id].guard_branch is not where.guard_branch
            and clearing[0] == stepping[0] in counters and clearing[1] < stepping[1]
            and root.coverage(clear, optimizer) is Coverage.KNOWN
        ):
            return True
    return False


def periodic(root: RootFacts, event: Event) -> tuple[str, int] | None:
    """The counter and the literal modulus of the test `i % n == r` the event runs under (in its true arm)."""
    where, namespace = root.where[event.id], root.namespaces.get(event)
    branch = where.guard_branch
    if branch is None or branch.test is None or where.guard_fails or namespace is None:
        return None
    test = branch.test
    if isinstance(test, (cst.Name, cst.Attribute)):
        test = namespace.resolver.value_of(test) or test
    if not (isinstance(test, cst.Comparison) and len(test.comparisons) == 1 and isinstance(test.comparisons[0].operator, cst.Equal)):
        return None
    left, right = test.left, test.comparisons[0].comparator
    if (
        isinstance(left, cst.BinaryOperation) and isinstance(left.operator, cst.Modulo) and isinstance(left.left, cst.Name)
        and isinstance(left.right, cst.Integer) and isinstance(right, cst.Integer) and int(left.right.value) > 1
    ):
        return namespace.resolver.canonical(left.left), int(left.right.value)
    return None


def closure_evaluations_summed(root: RootFacts, step: Step, optimizer: str) -> tuple[Event, list[Event]] | None:
    """The closure's backward and the clears outside the closure that empty the gradients before it (none: a step
    outside any loop), when the optimizer evaluates the closure several times per step (LBFGS) and nothing in the
    closure clears: each evaluation's backward adds to the one before."""
    inside = [root.by_id[i] for i in step.reevaluated if i in root.by_id and root.reached(root.by_id[i])]
    if any(isinstance(e, Clear) and root.coverage(e, optimizer) is not Coverage.NONE for e in inside):
        return None
    backward = next((e for e in inside if isinstance(e, Backward) and optimizer in root.fed[e.id]), None)
    if backward is None:
        return None
    cleared = root.held(backward, optimizer).only_cleared_by()
    if cleared:
        return backward, cleared
    # Without a clear that empties them, a step in a loop gets the loop-carried reports below; a step run once
    # (a calibration after training) still sums its closure's evaluations.
    return (backward, []) if root.where[step.id].loop is None else None


def closure_finding(facts: FileFacts, root: RootFacts, step: Step, optimizer: str, backward: Event, clears: list[Event]) -> Finding:
    name = named(root, optimizer, step)
    cleared = f"{at(facts, clears[0])} clears them only once per step, outside the closure" if clears else "nothing in the closure clears them"
    return finding(
        facts, step.node,
        f"optimizer `{name}` evaluates the closure of {at(facts, step)} several times in one step, and each evaluation's "
        f"{at(facts, backward)} adds to the gradients the one before left: {cleared}. "
        f"Call `{name}.zero_grad()` at the top of the closure.",
        fix=zg101.offer(
            facts, root, step, root.loop_of(step), optimizer=optimizer, guarded=root.where[step.id].guard is not None,
            set_to_none=set_to_none_style(root), closure=True, moved=clears[0] if len(clears) == 1 else None,
        ),
    )


def leak_finding(facts: FileFacts, root: RootFacts, step: Step, optimizer: str, backward: Event) -> Finding:
    """Another optimizer's backward wrote into this one's gradients, and nothing cleared them before this step."""
    name = named(root, optimizer, step)
    models = ", ".join(f"`{named(root, m, step)}`" for m in sorted(root.models.get(optimizer, ())))
    loop = root.loop_of(step)
    return finding(
        facts, step.node,
        f"optimizer `{name}` steps with gradients that {at(facts, backward)} wrote into {models} in an earlier iteration: "
        f"that loss runs through {models} without `.detach()`, and nothing clears `{name}` between that backward and "
        f"{at(facts, step)}{loop_phrase(facts, root, step)}. Call `{name}.zero_grad()` before its own backward, or detach "
        f"what the other loss feeds through {models}.",
        fix=zg101.offer(
            facts, root, step, loop, optimizer=optimizer, guarded=root.where[step.id].guard is not None,
            set_to_none=set_to_none_style(root), closure=False,
        ),
    )


def between(facts: FileFacts, backward: Event | None, step: Step) -> str:
    """`a` (line 3) and `b` (line 5); one call's two ends where a wrapper backwards and steps (timm's loss scaler)."""
    if backward is not None and backward.node is step.node:
        return f"one call of {at(facts, step)} and the next"
    return f"{at(facts, backward)} and {at(facts, step)}"


def advice(root: RootFacts, step: Step, optimizer: str, in_loop: bool) -> str:
    """Where the clear goes, the optimizer named as the code there names it: a closure the optimizer evaluates
    (LBFGS: several times per step) clears itself; `in_loop`: at the start of the iteration, where the loop's own
    code names the optimizer (else right after the step)."""
    at_step = named(root, optimizer, step)
    if step.closure:
        return (
            f"Call `{at_step}.zero_grad()` at the top of the closure that `{step.text}` evaluates "
            "(the optimizer may evaluate it several times per step)."
        )
    loop = root.loop_of(step)
    at_loop = root.spelled(optimizer, loop) if in_loop and loop is not None else None
    if at_loop is not None:
        return f"Call `{at_loop}.zero_grad()` at the start of each iteration."
    where = "right after the step, inside the same condition" if root.where[step.id].guard is not None else "right after the step"
    return f"Call `{at_step}.zero_grad()` {where}."


def set_to_none_style(root: RootFacts) -> bool | None:
    """How this code already clears: `zero_grad(set_to_none=...)` as written elsewhere, None for the default."""
    return next((e.set_to_none for e in root.events if isinstance(e, Clear) and e.set_to_none is not None), None)


def outside_hint(facts: FileFacts, root: RootFacts, step: Step, optimizer: str) -> str:
    clear = clear_outside_loop(root, step, optimizer)
    if clear is None:
        return other_model_hint(facts, root, step, optimizer)
    around = facts.loop_around(clear.node)
    loop = root.loop_of(step)
    if around is not None and loop is not None and contains(facts, around, loop.node):
        when = f"runs once per iteration of the enclosing loop at line {facts.line(around)}, not in this one"
    elif around is not None:
        when = f"runs only in the loop at line {facts.line(around)}"
    elif root.order[clear.id] < root.order[step.id]:
        when = "runs once before the loop"
    else:
        when = "runs only after the loop"
    return f" (its only clear, {at(facts, clear)}, {when})"


def other_model_hint(facts: FileFacts, root: RootFacts, step: Step, optimizer: str) -> str:
    """The loop clears a model the optimizer is not built from (a teacher beside the student it trains)."""
    models = root.models.get(optimizer, frozenset())
    other = next(
        (
            e for e in root.events_by_loop[root.loop_of(step)]
            if isinstance(e, Clear) and e.target.kind == "model" and root.reached(e) and root.coverage(e, optimizer) is Coverage.NONE
        ),
        None,
    )
    if other is None or not models:
        return ""
    owners = ", ".join(f"`{named(root, m, step)}`" for m in sorted(models))
    return f" ({at(facts, other)} clears another model than {owners}, which `{named(root, optimizer, step)}` is built from)"


def contains(facts: FileFacts, outer: cst.CSTNode, inner: cst.CSTNode) -> bool:
    """Whether `outer`'s range holds `inner`'s, both written in one module."""
    where = facts.positions_of(outer)
    if facts.positions_of(inner) is not where:
        return False
    a, b = where[outer], where[inner]
    return outer is not inner and (a.start.line, a.start.column) <= (b.start.line, b.start.column) and (
        (b.end.line, b.end.column) <= (a.end.line, a.end.column)
    )


RULE = Rule(
    code="ZG101",
    name="missing-zero-grad",
    severity="error",
    needs=("lifecycle",),
    summary="A step applies gradients that earlier iterations left behind: nothing clears them.",
    what=(
        "Reports an optimizer step that can apply gradients from a backward of an earlier iteration that "
        "nothing cleared (outside gradient accumulation), or, under an accumulation guard, gradients that an "
        "earlier step already applied. A clear that runs only once before the loop counts as missing. The earlier "
        "backward may be one meant for another optimizer: a GAN generator's loss computed through the discriminator "
        "without `.detach()` writes the discriminator's gradients too, and a discriminator that clears only after "
        "its own step applies them at its next step."
    ),
    why=(
        "`backward()` adds to `.grad`; it never overwrites. Without a clear every step applies the sum of all "
        "gradients so far: training diverges or crawls, and nothing raises an error."
    ),
    example=(
        "optimizer.zero_grad()\n"
        "for x, y in loader:\n"
        "    loss = criterion(model(x), y)\n"
        "    loss.backward()\n"
        "    optimizer.step()\n"
    ),
    use_instead=(
        "for x, y in loader:\n"
        "    optimizer.zero_grad()\n"
        "    loss = criterion(model(x), y)\n"
        "    loss.backward()\n"
        "    optimizer.step()\n"
    ),
    limits=(
        "Loop-carried: needs the loop in the same file (a step body called from elsewhere is not reported). "
        "A clear whose coverage is unknown (a model not visibly tied to the optimizer) counts as a clear. Tests "
        "that must agree are taken to agree (the same test twice in an iteration, a test of names the loop never "
        "assigns in every iteration). A generator's loss leaking into the discriminator is not reported when the file "
        "toggles `requires_grad`, nor when the two optimizers step within one iteration (a joint loss looks the same)."
    ),
    valid=(
        # Two optimizers over one model: the clear every 2 batches runs between any two steps of the other every 4 (the
        # counter moves by one each batch: `cleared_on_another_count`).
        "gen_opt = torch.optim.SGD(model.parameters(), lr=0.1)\ndis_opt = torch.optim.Adam(model.parameters())\n"
        "for i, x in enumerate(loader):\n    loss(x).backward()\n    if i % 2 == 1:\n        gen_opt.step()\n"
        "        gen_opt.zero_grad()\n    if i % 4 == 0:\n        dis_opt.step()\n",
        # The same wrapper cleared through its own `zero_grad`.
        "class ScheduledOptim:\n    def __init__(self, optimizer, warmup):\n        self._optimizer = optimizer\n        self.warmup = warmup\n\n"
        "    def backward(self, loss):\n        loss.backward()\n\n    def step(self):\n        self._optimizer.step()\n\n"
        "    def zero_grad(self):\n        self._optimizer.zero_grad()\n\n"
        "def train(model, loader):\n    optimizer = ScheduledOptim(torch.optim.Adam(model.parameters()), 4000)\n"
        "    for x, y in loader:\n        optimizer.zero_grad()\n        optimizer.backward(criterion(model(x), y))\n"
        "        optimizer.step()\n",
        # Clear at the end of the iteration, after the step.
        "for x, y in loader:\n    loss = criterion(model(x), y)\n    loss.backward()\n    optimizer.step()\n    optimizer.zero_grad()\n",
        # Clear before the loop and after each guarded update (accumulation).
        "optimizer.zero_grad()\nfor i, (x, y) in enumerate(loader):\n    loss = criterion(model(x), y) / accum\n    loss.backward()\n"
        "    if (i + 1) % accum == 0:\n        optimizer.step()\n        optimizer.zero_grad()\n",
        # Accumulation over an inner micro-batch loop, then one step and one clear.
        "for batch in loader:\n    for micro in batch.chunk(n):\n        (criterion(model(micro), y) / n).backward()\n    optimizer.step()\n    optimizer.zero_grad()\n",
        # GAN critic: clear unconditional, backward and step every n_critic iterations.
        "for i, x in enumerate(loader):\n    opt_g.zero_grad()\n    if i % n_critic == 0:\n        g_loss(x).backward()\n        opt_g.step()\n",
        # LBFGS closure that clears.
        "def closure():\n    optimizer.zero_grad()\n    loss = criterion(model(x), y)\n    loss.backward()\n    return loss\n\n"
        "for _ in range(steps):\n    optimizer.step(closure)\n",
        # The closure made by a factory, which sees the factory's arguments: it clears.
        "def make_closure(model, optimizer, x, y):\n    def closure():\n        optimizer.zero_grad()\n"
        "        loss = criterion(model(x), y)\n        loss.backward()\n        return loss\n\n    return closure\n\n"
        "for x, y in loader:\n    optimizer.step(make_closure(model, optimizer, x, y))\n",
        # A clear outside the closure of an optimizer that evaluates it once per step (SGD; LBFGS with max_iter=1).
        "optimizer = torch.optim.SGD(model.parameters(), lr=0.1)\n\ndef closure():\n    loss = criterion(model(x), y)\n"
        "    loss.backward()\n    return loss\n\nfor _ in range(steps):\n    optimizer.zero_grad()\n    optimizer.step(closure)\n",
        "optimizer = torch.optim.LBFGS(model.parameters(), max_iter=1)\n\ndef closure():\n    loss = criterion(model(x), y)\n"
        "    loss.backward()\n    return loss\n\nfor _ in range(steps):\n    optimizer.zero_grad()\n    optimizer.step(closure)\n",
        # A helper does the work.
        "class Trainer:\n    def _run_batch(self, x, y):\n        self.optimizer.zero_grad()\n        loss = self.criterion(self.model(x), y)\n"
        "        loss.backward()\n        self.optimizer.step()\n\n    def train(self, loader):\n        for x, y in loader:\n            self._run_batch(x, y)\n",
        # Accelerate owns accumulation.
        "for batch in loader:\n    with accelerator.accumulate(model):\n        loss = model(batch).loss\n        accelerator.backward(loss)\n"
        "        optimizer.step()\n        optimizer.zero_grad()\n",
        # DeepSpeed engines clear for themselves.
        "for batch in loader:\n    loss = engine(batch)\n    engine.backward(loss)\n    engine.step()\n",
        # Not an optimizer step: a scheduler, an environment.
        "for x in loader:\n    optimizer.zero_grad()\n    loss(x).backward()\n    optimizer.step()\n    scheduler.step()\n    obs = env.step(action)\n",
        # Clearing through the model the optimizer is built from.
        "optimizer = torch.optim.SGD(model.parameters(), lr=0.1)\nfor x, y in loader:\n    model.zero_grad()\n    criterion(model(x), y).backward()\n    optimizer.step()\n",
        # Clearing by hand over the parameters.
        "for x, y in loader:\n    for p in model.parameters():\n        p.grad = None\n    criterion(model(x), y).backward()\n    optimizer.step()\n",
        # A configuration value the loop never assigns: every iteration takes the same branch.
        "optimizer.zero_grad()\nfor i, x in enumerate(loader):\n    if cfg.ACCUMULATION_STEPS > 1:\n"
        "        (loss(x) / cfg.ACCUMULATION_STEPS).backward()\n"
        "        if (i + 1) % cfg.ACCUMULATION_STEPS == 0:\n            optimizer.step()\n"
        "            optimizer.zero_grad()\n    else:\n        optimizer.zero_grad()\n"
        "        loss(x).backward()\n        optimizer.step()\n",
        # The same test twice in one iteration (`if split == "train"` ... `if split != "train": continue`).
        "for split, x in batches:\n    if split == \"train\":\n        optimizer.zero_grad()\n    out = loss(x)\n"
        "    if split == \"train\":\n        out.backward()\n    if split != \"train\":\n        continue\n"
        "    optimizer.step()\n",
        # A counter with no telling name, reset after each update, with the clear inside the guard.
        "count = 0\nfor x in loader:\n    (loss(x) / n).backward()\n    count += 1\n    if count == n:\n"
        "        optimizer.step()\n        optimizer.zero_grad()\n        count = 0\n",
        # A literal argument decides the helper's branch: `train=False` runs no backward.
        "def run_batch(x, train):\n    if not train:\n        return loss(x).item()\n    optimizer.zero_grad()\n"
        "    loss(x).backward()\n    optimizer.step()\n\nfor x in loader:\n    run_batch(x, train=True)\n"
        "    run_batch(x, train=False)\n",
        # GAN clearing after each step, the discriminator frozen while the generator's loss runs through it.
        "opt_g = torch.optim.Adam(G.parameters())\nopt_d = torch.optim.Adam(D.parameters())\n"
        "for real in loader:\n    fake = G(noise())\n    D.requires_grad_(True)\n"
        "    (D(fake.detach()).mean() - D(real).mean()).backward()\n    opt_d.step()\n    opt_d.zero_grad()\n"
        "    D.requires_grad_(False)\n    (-D(fake).mean()).backward()\n    opt_g.step()\n    opt_g.zero_grad()\n",
        # Micro-batches in a helper that loops `while True` until `break`, called once per step before it.
        "def accumulate(chunks):\n    it = iter(chunks)\n    while True:\n        chunk = next(it, None)\n"
        "        if chunk is None:\n            break\n        (loss(chunk) / n).backward()\n\n"
        "for batch in loader:\n    accumulate(batch.chunk(n))\n    optimizer.step()\n    optimizer.zero_grad()\n",
        # A scheduler unpacked from what a method of the file returns is what it returns, whatever the
        # method's name says (`configure_optimizers` returns an optimizer and a scheduler).
        "class Module(torch.nn.Module):\n    def configure_optimizers(self):\n"
        "        opt = torch.optim.Adam(self.parameters(), lr=1e-3)\n"
        "        sched = torch.optim.lr_scheduler.StepLR(opt, step_size=1)\n        return opt, sched\n\n"
        "def train(module, loader):\n    opt, sched = module.configure_optimizers()\n    for epoch in range(3):\n"
        "        for x, y in loader:\n            opt.zero_grad()\n            module(x, y).backward()\n"
        "            opt.step()\n        sched.step()\n",
        # The same with Lightning's list and dict returns.
        "class Module(torch.nn.Module):\n    def configure_optimizers(self):\n"
        "        opt = torch.optim.AdamW(self.parameters())\n        return [opt], [CosineAnnealingLR(opt, T_max=10)]\n\n"
        "    def fit(self, loader):\n        opts, scheds = self.configure_optimizers()\n        opt, sched = opts[0], scheds[0]\n"
        "        for epoch in range(3):\n            for x, y in loader:\n                opt.zero_grad()\n"
        "                self(x, y).backward()\n                opt.step()\n            sched.step()\n",
        "def configure_optimizers(model):\n    optimizer = AdamW(model.parameters())\n"
        "    return {'optimizer': optimizer, 'lr_scheduler': get_cosine_schedule_with_warmup(optimizer, 10, 100)}\n\n"
        "config = configure_optimizers(model)\noptimizer, lr_scheduler = config['optimizer'], config['lr_scheduler']\n"
        "for batch in loader:\n    model(**batch).loss.backward()\n    optimizer.step()\n    lr_scheduler.step()\n"
        "    optimizer.zero_grad()\n",
        # A loop over a dict of optimizers clears each element; each is then stepped by its key.
        "for real in loader:\n    for opt in optimizers.values():\n        opt.zero_grad()\n"
        "    d_loss(real).backward()\n    optimizers[\"disc\"].step()\n    g_loss(real).backward()\n"
        "    optimizers[\"gen\"].step()\n",
        # An imported factory named for optimizers: a name that says scheduler is still no optimizer.
        "opt, lr_scheduler = build_optimizers(model, cfg)\nfor x, y in loader:\n    opt.zero_grad()\n"
        "    criterion(model(x), y).backward()\n    opt.step()\n    lr_scheduler.step()\n",
        # Accumulation: the update clips group by group (a loop that never tests the flag), then steps; the clear
        # follows `if not need_update: continue`, the same test.
        "optimizer.zero_grad()\nfor i, x in enumerate(loader):\n    need_update = (i + 1) % accum == 0\n"
        "    (loss(x) / accum).backward()\n    if need_update:\n        for group in optimizer.param_groups:\n"
        "            clip_grad_norm_(group[\"params\"], max_norm)\n        optimizer.step()\n"
        "    if not need_update:\n        continue\n    optimizer.zero_grad()\n",
        # The same with the step in a closure of the loop body, the function called with the caller's optimizer:
        # the closure's `optimizer` is the one the loop clears.
        "def train_one_epoch(loader, optimizer):\n    for i, x in enumerate(loader):\n"
        "        need_update = (i + 1) % accum == 0\n\n        def _backward(loss):\n            loss.backward()\n"
        "            if need_update:\n                optimizer.step()\n\n        _backward(loss_of(x) / accum)\n"
        "        if not need_update:\n            continue\n        optimizer.zero_grad()\n\n\n"
        "train_one_epoch(loader, opt)\n",
        # Optimizers in a Munch, each cleared through its attribute before its own backward.
        "optims = Munch(gen=Adam(G.parameters()), disc=Adam(D.parameters()))\nfor real in loader:\n"
        "    optims.disc.zero_grad()\n    d_loss = D(real).mean() - D(G(noise()).detach()).mean()\n"
        "    d_loss.backward()\n    optims.disc.step()\n    optims.gen.zero_grad()\n"
        "    g_loss = -D(G(noise())).mean()\n    g_loss.backward()\n    optims.gen.step()\n",
        # Micro-batches: the clear under `if i == 0` runs in the inner loop's first iteration, before its backward; the
        # loss of each micro-batch requires grad alike (the validation pass under `no_grad` runs no backward).
        "def micro_steps(batch):\n    for i, micro in enumerate(batch.chunk(n)):\n        loss = model(micro).mean() / n\n"
        "        if loss.requires_grad:\n            if i == 0:\n                optimizer.zero_grad()\n"
        "            loss.backward()\n\n\nfor step, batch in enumerate(loader):\n    micro_steps(batch)\n"
        "    optimizer.step()\n    with torch.no_grad():\n        micro_steps(next(val_loader))\n",
        # A loop class handed a wrapper of the file that clears after its step: `self.wrapper` is that instance.
        "class Wrapper:\n    def __init__(self, optimizer):\n        self.optimizer = optimizer\n\n"
        "    def update_params(self, loss):\n        loss.backward()\n        self.optimizer.step()\n"
        "        self.optimizer.zero_grad()\n\n\nclass EpochLoop:\n    def __init__(self, model, wrapper):\n"
        "        self.model = model\n        self.wrapper = wrapper\n\n    def run(self, loader):\n"
        "        for x in loader:\n            self.wrapper.update_params(self.model(x).mean())\n\n\n"
        "wrapper = Wrapper(torch.optim.SGD(model.parameters(), lr=0.1))\nloop = EpochLoop(model, wrapper)\nloop.run(loader)\n",
        # The next iteration's clear decided by a copy of the step's flag, made after the step: it follows every step.
        "clear_next = True\nfor x in loader:\n    if clear_next:\n        optimizer.zero_grad()\n        count = 0\n"
        "    (loss(x) / accum).backward()\n    count += 1\n    stepped = count >= accum\n    if stepped:\n"
        "        optimizer.step()\n    clear_next = stepped\n",
        # A clear through the updater's getter: `updater.get_optimizer()` is the `self.optimizer` it returns, stepped.
        "class Updater:\n    def __init__(self, model):\n        self.model = model\n        self.optimizer = torch.optim.AdamW(model.parameters())\n"
        "\n    def get_optimizer(self):\n        return self.optimizer\n\n    def step(self):\n        self.optimizer.step()\n"
        "\n\nupdater = Updater(model)\nfor x in loader:\n    updater.get_optimizer().zero_grad()\n    model(x).mean().backward()\n"
        "    updater.step()\n",
        # A count of micro-batches is at least 1: `> 1` clears before them, `== 1` after the step, one of them always.
        "for batches in loader:\n    if accum_steps > 1:\n        optimizer.zero_grad()\n    for x, y in batches:\n"
        "        loss = criterion(model(x), y) / len(batches)\n        loss.backward()\n    optimizer.step()\n"
        "    if accum_steps == 1:\n        optimizer.zero_grad()\n",
        # The last, incomplete batch stepped after the sample loop: its gradients are this epoch's micro-batches.
        "for epoch in range(epochs):\n    count = 0\n    optimizer.zero_grad()\n    for x, y in samples:\n"
        "        (criterion(model(x), y) / batch_size).backward()\n        count += 1\n        if count == batch_size:\n"
        "            optimizer.step()\n            count = 0\n            optimizer.zero_grad()\n    if count > 0:\n"
        "        optimizer.step()\n",
        # Each gradient replaced by a new tensor of zeros after the step: a clear, as `p.grad.zero_()` is.
        "for x, y in loader:\n    criterion(model(x), y).backward()\n    optimizer.step()\n    for p in model.parameters():\n"
        "        if p.grad is not None:\n            p.grad = torch.zeros_like(p)\n",
    ),
    invalid=(
        # A loop class handed the wrapper whose step never clears: `self.wrapper` is the instance it was built with.
        "class Wrapper:\n    def __init__(self, optimizer):\n        self.optimizer = optimizer\n\n"
        "    def update_params(self, loss):\n        loss.backward()\n        self.optimizer.step()  # <- ZG101\n\n\n"
        "class EpochLoop:\n    def __init__(self, model, wrapper):\n        self.model = model\n        self.wrapper = wrapper\n\n"
        "    def run(self, loader):\n        for x in loader:\n            self.wrapper.update_params(self.model(x).mean())\n\n\n"
        "wrapper = Wrapper(torch.optim.SGD(model.parameters(), lr=0.1))\nloop = EpochLoop(model, wrapper)\nloop.run(loader)\n",
        # Micro-batches counted from 1: the clear under `if i == 0` never runs.
        "for step, batch in enumerate(loader):\n    for i, micro in enumerate(batch.chunk(n), 1):\n        if i == 0:\n"
        "            optimizer.zero_grad()\n        (model(micro).mean() / n).backward()\n    optimizer.step()  # <- ZG101\n",
        # The closure made by a factory: its body runs where the step evaluates it, and nothing clears.
        "def make_closure(model, x, y):\n    def closure():\n        loss = criterion(model(x), y)\n        loss.backward()\n"
        "        return loss\n\n    return closure\n\n"
        "for x, y in loader:\n    optimizer.step(make_closure(model, x, y))  # <- ZG101\n",
        # A project's own optimizer wrapper (a schedule around the optimizer): its `step` and `backward` are its
        # methods, inlined; nothing clears.
        "class ScheduledOptim:\n    def __init__(self, optimizer, warmup):\n        self._optimizer = optimizer\n        self.warmup = warmup\n\n"
        "    def backward(self, loss):\n        loss.backward()\n\n    def step(self):\n        self._optimizer.step()  # <- ZG101\n\n"
        "    def zero_grad(self):\n        self._optimizer.zero_grad()\n\n"
        "def train(model, loader):\n    optimizer = ScheduledOptim(torch.optim.Adam(model.parameters()), 4000)\n"
        "    for x, y in loader:\n        optimizer.backward(criterion(model(x), y))\n        optimizer.step()\n",
        # Optimizers in a Munch: `optims.disc` is its element `optims["disc"]`, never cleared.
        Example(
            "optims = Munch(gen=Adam(G.parameters()), disc=Adam(D.parameters()))\nfor real in loader:\n"
            "    d_loss = D(real).mean() - D(G(noise()).detach()).mean()\n    d_loss.backward()\n"
            "    optims.disc.step()  # <- ZG101\n    optims.gen.zero_grad()\n"
            "    g_loss = -D(G(noise())).mean()\n    g_loss.backward()\n    optims.gen.step()\n",
            fixed=(
                "optims = Munch(gen=Adam(G.parameters()), disc=Adam(D.parameters()))\nfor real in loader:\n"
                "    optims[\"disc\"].zero_grad()\n    d_loss = D(real).mean() - D(G(noise()).detach()).mean()\n"
                "    d_loss.backward()\n    optims.disc.step()  # <- ZG101\n    optims.gen.zero_grad()\n"
                "    g_loss = -D(G(noise())).mean()\n    g_loss.backward()\n    optims.gen.step()\n"
            ),
        ),
        # LBFGS evaluates its closure several times per step: a clear outside it lets the evaluations sum up.
        Example(
            "optimizer = torch.optim.LBFGS(model.parameters())\n\ndef closure():\n    loss = criterion(model(x), y)\n"
            "    loss.backward()\n    return loss\n\nfor _ in range(steps):\n    optimizer.zero_grad()\n"
            "    optimizer.step(closure)  # <- ZG101\n",
            fixed=(
                "optimizer = torch.optim.LBFGS(model.parameters())\n\ndef closure():\n    optimizer.zero_grad()\n"
                "    loss = criterion(model(x), y)\n    loss.backward()\n    return loss\n\nfor _ in range(steps):\n"
                "    optimizer.step(closure)  # <- ZG101\n"
            ),
        ),
        # timm's loss scaler backwards and steps (a library summary); nothing clears.
        Example(
            "for x, y in loader:\n    loss_scaler(criterion(model(x), y), optimizer)  # <- ZG101\n",
            fixed="for x, y in loader:\n    optimizer.zero_grad()\n    loss_scaler(criterion(model(x), y), optimizer)  # <- ZG101\n",
        ),
        # No clear at all.
        Example(
            "for x, y in loader:\n    loss = criterion(model(x), y)\n    loss.backward()\n    optimizer.step()  # <- ZG101\n",
            fixed=(
                "for x, y in loader:\n    optimizer.zero_grad()\n    loss = criterion(model(x), y)\n"
                "    loss.backward()\n    optimizer.step()  # <- ZG101\n"
            ),
        ),
        # A `continue` that skips the clear at the end of the iteration.
        Example(
            "for x, y in loader:\n    loss = criterion(model(x), y)\n    loss.backward()\n    if loss.item() > limit:\n        continue\n"
            "    optimizer.step()  # <- ZG101\n    optimizer.zero_grad()\n",
            fixed=(
                "for x, y in loader:\n    optimizer.zero_grad()\n    loss = criterion(model(x), y)\n"
                "    loss.backward()\n    if loss.item() > limit:\n        continue\n"
                "    optimizer.step()  # <- ZG101\n    optimizer.zero_grad()\n"
            ),
        ),
        # A function called with the caller's optimizer: the report and the clear name it as the function does.
        Example(
            "def train(loader, optimizer):\n    for x, y in loader:\n        criterion(model(x), y).backward()\n"
            "        optimizer.step()  # <- ZG101\n\n\ntrain(loader, torch.optim.SGD(model.parameters(), lr=0.1))\n",
            fixed=(
                "def train(loader, optimizer):\n    for x, y in loader:\n        optimizer.zero_grad()\n"
                "        criterion(model(x), y).backward()\n        optimizer.step()  # <- ZG101\n\n\n"
                "train(loader, torch.optim.SGD(model.parameters(), lr=0.1))\n"
            ),
        ),
        # A clear only before the loop.
        "optimizer.zero_grad()\nfor x, y in loader:\n    loss = criterion(model(x), y)\n    loss.backward()\n    optimizer.step()  # <- ZG101\n",
        # The clear only in the non-AMP branch.
        "for x, y in loader:\n    if use_amp:\n        scaler.scale(criterion(model(x), y)).backward()\n        scaler.step(optimizer)  # <- ZG101\n"
        "        scaler.update()\n    else:\n        optimizer.zero_grad()\n        criterion(model(x), y).backward()\n        optimizer.step()\n",
        # GAN: the generator's optimizer is cleared, the discriminator's never.
        "for real in loader:\n    fake = G(noise())\n    d_loss = D(real).mean() - D(fake.detach()).mean()\n    d_loss.backward()\n"
        "    opt_d.step()  # <- ZG101\n    opt_g.zero_grad()\n    g_loss = -D(fake).mean()\n    g_loss.backward()\n    opt_g.step()\n",
        # DCGAN-style clears through the models: only the generator's is cleared.
        "optimizer_g = torch.optim.Adam(net_g.parameters())\noptimizer_d = torch.optim.Adam(net_d.parameters())\n"
        "for x in loader:\n    net_d(x).mean().backward()\n    optimizer_d.step()  # <- ZG101\n    net_g.zero_grad()\n"
        "    net_d(net_g(x)).mean().backward()\n    optimizer_g.step()\n",
        # Accumulation whose guarded step is never followed by a clear.
        "for i, (x, y) in enumerate(loader):\n    (criterion(model(x), y) / accum).backward()\n    if (i + 1) % accum == 0:\n"
        "        optimizer.step()  # <- ZG101\n",
        # The generator's loss runs through D without detach; D clears only after its own step.
        "opt_g = torch.optim.Adam(G.parameters())\nopt_d = torch.optim.Adam(D.parameters())\n"
        "for real in loader:\n    fake = G(noise())\n    d_loss = D(fake.detach()).mean() - D(real).mean()\n"
        "    d_loss.backward()\n    opt_d.step()  # <- ZG101\n    opt_d.zero_grad()\n    opt_g.zero_grad()\n"
        "    g_loss = -D(fake).mean()\n    g_loss.backward()\n    opt_g.step()\n",
        # The loop over the optimizers that clears them runs only on logging iterations.
        "for i, x in enumerate(loader):\n    if i % log_every == 0:\n        for opt in optimizers:\n"
        "            opt.zero_grad()\n    loss(x).backward()\n    optimizers[0].step()  # <- ZG101\n",
        # A counter guard whose step is never followed by a clear (the only clear is before the loop).
        "optimizer.zero_grad()\nmicro_step = 0\nfor x in loader:\n    (loss(x) / n).backward()\n"
        "    micro_step += 1\n    if micro_step == n:\n        optimizer.step()  # <- ZG101\n"
        "        micro_step = 0\n",
        # A closure of the loop body steps on every batch; the loop clears only after `if not need_update: continue`.
        "def train_one_epoch(loader, optimizer):\n    for i, x in enumerate(loader):\n"
        "        need_update = (i + 1) % accum == 0\n\n        def _backward(loss):\n            loss.backward()\n"
        "            optimizer.step()  # <- ZG101\n\n        _backward(loss_of(x) / accum)\n"
        "        if not need_update:\n            continue\n        optimizer.zero_grad()\n\n\n"
        "train_one_epoch(loader, optimizer)\n",
        # The copy of the step's flag (valid above) made before this iteration's flag is set: after a step the next
        # iteration may skip the clear.
        "clear_next = True\nstepped = False\nfor x in loader:\n    if clear_next:\n        optimizer.zero_grad()\n"
        "        count = 0\n    (loss(x) / accum).backward()\n    count += 1\n    clear_next = stepped\n"
        "    stepped = count >= accum\n    if stepped:\n        optimizer.step()  # <- ZG101\n",
        # The getter returns another optimizer than the one the updater steps.
        "class Updater:\n    def __init__(self, generator, critic):\n        self.optimizer_g = torch.optim.AdamW(generator.parameters())\n"
        "        self.optimizer_d = torch.optim.AdamW(critic.parameters())\n\n    def get_optimizer(self):\n"
        "        return self.optimizer_g\n\n    def step(self):\n        self.optimizer_d.step()  # <- ZG101\n"
        "\n\nupdater = Updater(generator, critic)\nfor x in loader:\n    updater.get_optimizer().zero_grad()\n"
        "    critic(x).mean().backward()\n    updater.step()\n",
        # The last, incomplete batch stepped after the sample loop, no clear at the top of the epoch: applied again.
        "for epoch in range(epochs):\n    count = 0\n    for x, y in samples:\n"
        "        (criterion(model(x), y) / batch_size).backward()\n        count += 1\n        if count == batch_size:\n"
        "            optimizer.step()  # <- ZG101\n            count = 0\n            optimizer.zero_grad()\n    if count > 0:\n"
        "        optimizer.step()  # <- ZG101\n",
        # Zeros written only where a gradient is missing: the gradients the backwards left stay, summed.
        "for x, y in loader:\n    criterion(model(x), y).backward()\n    for p in model.parameters():\n"
        "        if p.grad is None:\n            p.grad = torch.zeros_like(p)\n    optimizer.step()  # <- ZG101\n",
    ),
    check=check,
)
