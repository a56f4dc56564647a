from __future__ import annotations

from typing import Iterator

from zerograd_lint.analysis.facts import FileFacts, RootFacts, loss_name
from zerograd_lint.analysis.held import Held
from zerograd_lint.analysis.ir.names import source_of
from zerograd_lint.analysis.ir.nodes import Assign, Backward, Block, Branch, Clear, Jump, Loop, Step, Try, events_in
from zerograd_lint.analysis.questions.losses import tests_loss_or_norm
from zerograd_lint.fixes import zg102
from zerograd_lint.rules import Example, Finding, Rule
from zerograd_lint.rules.support import at, events_of, finding, loop_phrase


def check(facts: FileFacts) -> Iterator[Finding]:
    for root, step in events_of(facts, Step):
        held = root.held(step, step.optimizer)
        if not held or root.runs_before_its_backward(step):
            continue  # one cause, one report: the step comes before its backward (ZG201)
        every_path = held.empty_on_every_path()
        for clear in held.without_gradients().discarded_by():
            assert isinstance(clear, Clear)
            before_clear = root.held(clear, step.optimizer)
            backward = before_clear.backward() or before_clear.fogged_backwards()[0]
            if (
                drops_the_batch(root, clear, before_clear) or ends_the_iteration(root, clear, step)
                or comes_after(root, clear, step) or (not every_path and picks_parameters(root, clear, step))
            ):
                continue
            fix = zg102.offer(
                facts, root, clear, step, backward, root.loop_of(step), step_guarded=root.where[step.id].guard is not None,
                every_path=every_path,
            )
            if every_path:
                yield finding(
                    facts, clear.node,
                    f"`{clear.text}` throws away the gradients of {at(facts, backward)} before {at(facts, step)} "
                    f"uses them{loop_phrase(facts, root, step)}: the step applies no gradients. Clear before the backward (at the start of the iteration).",
                    fix=fix,
                )
            else:
                yield finding(facts, clear.node, some_paths_message(facts, root, clear, step, backward), fix=fix)


def drops_the_batch(root: RootFacts, clear: Clear, before_clear: Held) -> bool:
    """`if not math.isfinite(norm): opt.zero_grad()` before the step: with `set_to_none` the step skips every
    parameter (their `.grad` is None), so a bad batch is dropped. So is one whose backward raised (an `except`).
    The test runs after the backward (the backward is not under it), so the clear runs only on some paths of the
    iteration, even when the step it reaches sits in the same arm (`scaler.step(opt)` kept to order the scaler)."""
    if clear.set_to_none is False:
        return False
    path = root.around[clear.id]
    if any(isinstance(node, Try) and inner in node.handlers for node, inner in zip(path, path[1:])):
        return True
    thrown = [*before_clear.this_iterations_backwards(), *before_clear.fogged_backwards()]
    backwards = [b for b in thrown if isinstance(b, Backward)]
    losses = {name for b in backwards if (name := loss_name(b))}
    around_backwards = {id(node) for b in backwards for node in root.around.get(b.id, ())}
    assignments = [e for e in root.events if isinstance(e, Assign)]
    return any(
        isinstance(node, Branch) and node.test is not None and id(node) not in around_backwards
        and tests_loss_or_norm(node.test, losses, assignments)
        for node in path
    )


def ends_the_iteration(root: RootFacts, clear: Clear, step: Step) -> bool:
    """`if skip_flag: opt.zero_grad(); continue`: the clear's block goes on to the next iteration of the step's loop
    without stepping, so the step that finds the gradients empty runs in a later iteration, one whose own backward never
    ran (its micro-batches all skipped): ZG102 asks about a clear between one iteration's backward and its step."""
    path = root.around[clear.id]
    loop = root.loop_of(step)
    for position, node in enumerate(path):
        if isinstance(node, Block) and any(isinstance(item, Jump) and item.kind == "continue" for item in node.items):
            loops = [each for each in path[:position] if isinstance(each, Loop)]
            if loops and loops[-1] is loop and not any(isinstance(e, Step) for e in events_in(node)):
                return True
    return False


def comes_after(root: RootFacts, clear: Clear, step: Step) -> bool:
    """The clear comes after the step in the code (`step(); zero_grad()` closing an accumulation window, a clear at
    the end of each epoch): it reaches the step only across a back edge, so the step that finds the gradients empty
    runs in a later pass whose own backward did not run (a conditional one skipped); ZG102 asks about a clear between
    one iteration's backward and its step."""
    return root.order[clear.id] > root.order[step.id]


def picks_parameters(root: RootFacts, clear: Clear, step: Step) -> bool:
    """The clear is under a test inside a loop within the iteration (`for n, p in model.named_parameters():
    if n.startswith("head."): p.grad = None`): the test picks parameters to freeze, not batches to drop."""
    path = root.around[clear.id]
    loop = root.loop_of(step)
    inside = path[path.index(loop) + 1:] if loop in path else path
    first = next((position for position, node in enumerate(inside) if isinstance(node, Loop)), None)
    return first is not None and any(isinstance(node, Branch) for node in inside[first:])


def some_paths_message(facts: FileFacts, root: RootFacts, clear: Clear, step: Step, backward: Backward) -> str:
    branch = next((node for node in reversed(root.around[clear.id]) if isinstance(node, Branch) and node.test is not None), None)
    when = f" when `{source_of(branch.test)}` holds" if branch is not None else " on some paths"
    if clear.set_to_none is False:
        why = (
            "it sets them to zero, and the step still applies zeros (momentum and weight decay still move the weights). "
            "To drop the batch, skip the step (`continue`) or clear with `set_to_none=True`."
        )
    else:
        why = (
            "there the step applies no gradients, and the test is not of the loss or the gradient norm (the idiom that "
            "drops a bad batch). Clear before the backward, or skip the step there too (`continue`)."
        )
    return (
        f"`{clear.text}` throws away the gradients of {at(facts, backward)}{when}, before {at(facts, step)} "
        f"uses them{loop_phrase(facts, root, step)}: {why}"
    )


RULE = Rule(
    code="ZG102",
    name="zero-grad-between-backward-and-step",
    severity="error",
    needs=("lifecycle",),
    summary="A clear runs after the backward and before the step: the step sees no gradients.",
    what=(
        "Reports a clear (`zero_grad()`, `p.grad = None`) that runs after this iteration's backward and before the step "
        "that should apply its gradients. A clear that runs only on some paths is reported too, unless it is the "
        "\"drop this batch\" idiom: a clear that sets `.grad` to None (the default) under a test of the loss or the "
        "gradient norm, or of whether numbers are finite (`if not math.isfinite(norm): optimizer.zero_grad()`), or in an "
        "`except` handler; the step then "
        "skips every parameter. With `set_to_none=False` the step still applies zeros, and momentum moves the weights."
    ),
    why="The step then finds `None` (or zero) gradients and does nothing: the model never trains, and nothing raises.",
    example="for x, y in loader:\n    loss = criterion(model(x), y)\n    loss.backward()\n    optimizer.zero_grad()\n    optimizer.step()\n",
    use_instead="for x, y in loader:\n    optimizer.zero_grad()\n    loss = criterion(model(x), y)\n    loss.backward()\n    optimizer.step()\n",
    limits="Reported only when the clear is known to cover the stepped optimizer (the optimizer itself, or the one model it is built from).",
    valid=(
        "for x, y in loader:\n    optimizer.zero_grad()\n    criterion(model(x), y).backward()\n    optimizer.step()\n",
        # Two optimizers: clearing one between the other's backward and step is fine.
        "for x in loader:\n    opt_d.zero_grad()\n    d_loss(x).backward()\n    opt_d.step()\n    opt_g.zero_grad()\n    g_loss(x).backward()\n    opt_g.step()\n",
        # A loss helper does its own backward and clear before the real backward.
        "def penalty(model, x):\n    model(x).sum().backward()\n    model.zero_grad()\n\n"
        "optimizer = torch.optim.Adam(model.parameters())\nfor x, y in loader:\n    optimizer.zero_grad()\n    penalty(model, x)\n"
        "    criterion(model(x), y).backward()\n    optimizer.step()\n",
        # A clear of a module whose relation to the optimizer is unknown never reports.
        "for x in loader:\n    loss(x).backward()\n    netD.zero_grad()\n    optG.step()\n    optG.zero_grad()\n",
        # One cause, one report: the generator's step comes before its backward (ZG201), not also ZG102.
        "def train_step(real):\n    opt_d.zero_grad()\n    fake = G(noise())\n"
        "    (D(fake.detach()).mean() - D(real).mean()).backward()\n    opt_d.step()\n    opt_g.zero_grad()\n"
        "    opt_g.step()\n    (-D(fake).mean()).backward()\n",
        # Dropping a batch whose gradient norm is not finite: `.grad` is None and the step skips every parameter.
        "for x, y in loader:\n    optimizer.zero_grad()\n    criterion(model(x), y).backward()\n"
        "    norm = torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)\n    if not math.isfinite(norm):\n"
        "        optimizer.zero_grad()\n    optimizer.step()\n",
        # The same idiom with the step in the clear's arm: the scaler's stages kept in order, the optimizer skips every
        # parameter (the test runs after the backward, so the clear runs on some paths of the iteration only).
        "for x, y in loader:\n    optimizer.zero_grad()\n    scaler.scale(criterion(model(x), y)).backward()\n"
        "    scaler.unscale_(optimizer)\n    norm = torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)\n"
        "    if norm > max_norm:\n        optimizer.zero_grad()\n        scaler.step(optimizer)\n        scaler.update()\n"
        "        continue\n    scaler.step(optimizer)\n    scaler.update()\n",
        # The epoch's end drops an unfinished window; a later pass with no loss to backpropagate steps with what it
        # emptied: a clear after the step in the code reaches it only across a back edge, not between a backward and it.
        "for epoch in range(epochs):\n    for i, (x, y) in enumerate(loader):\n        loss = criterion(model(x), y) / n\n"
        "        if hasattr(loss, 'backward'):\n            loss.backward()\n        if (i + 1) % n == 0:\n"
        "            optimizer.step()\n            optimizer.zero_grad()\n    optimizer.zero_grad()\n",
        # Distributed autograd: each context holds its own gradients, the optimizer steps with the context.
        "for x, y in loader:\n    with dist_autograd.context() as context_id:\n"
        "        loss = criterion(remote_model(x), y)\n        dist_autograd.backward(context_id, [loss])\n"
        "        dist_optim.step(context_id)\n",
    ),
    invalid=(
        Example(
            "for x, y in loader:\n    loss = criterion(model(x), y)\n    loss.backward()\n    optimizer.zero_grad()  # <- ZG102\n    optimizer.step()\n",
            fixed=(
                "for x, y in loader:\n    optimizer.zero_grad()\n    loss = criterion(model(x), y)\n"
                "    loss.backward()\n    optimizer.step()\n"
            ),
        ),
        Example(
            "optimizer = torch.optim.SGD(model.parameters(), lr=0.1)\n\ndef train_step(x, y):\n    criterion(model(x), y).backward()\n"
            "    model.zero_grad()  # <- ZG102\n    optimizer.step()\n",
            fixed=(
                "optimizer = torch.optim.SGD(model.parameters(), lr=0.1)\n\ndef train_step(x, y):\n"
                "    criterion(model(x), y).backward()\n    optimizer.step()\n"
            ),
        ),
        # Zeros instead of None on a NaN loss: the step still applies them (momentum moves the weights).
        "for x, y in loader:\n    optimizer.zero_grad()\n    loss = criterion(model(x), y)\n    loss.backward()\n"
        "    if torch.isnan(loss):\n        optimizer.zero_grad(set_to_none=False)  # <- ZG102\n    optimizer.step()\n",
        # A clear on logging steps only, under a test that is not of the loss: those batches are lost.
        "for i, (x, y) in enumerate(loader):\n    criterion(model(x), y).backward()\n    if i % log_every == 0:\n"
        "        optimizer.zero_grad()  # <- ZG102\n    optimizer.step()\n    optimizer.zero_grad()\n",
        # Calling a generator runs none of its body: an endless one made before the loop does not end the code there.
        "def forever(loader):\n    while True:\n        yield from loader\n\nbatches = forever(loader)\nfor _ in range(steps):\n"
        "    x, y = next(batches)\n    criterion(model(x), y).backward()\n    optimizer.zero_grad()  # <- ZG102\n    optimizer.step()\n",
    ),
    check=check,
)
