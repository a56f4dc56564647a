"""Loops of fresh runs: each pass runs helpers that build their own models and optimizers, so no pass reads what
an earlier one left, and one pass of the analysis is every pass.

`for order in orders: args.class_order = order; main(args)` (a class-order, fold or trial loop): `main`'s locals are
new in every call, and the gradients it tracks are of a network and an optimizer it builds there (`net =
build_net(args)`, `optimizer = AdamW(net.parameters())`). The next pass's `.grad` are a new network's, and a test of
a setting the loop never rebinds takes the value it took in the first pass, whose paths the first pass's analysis
already followed. Running the body again from the state the first pass left would only multiply the valuations
(RULES.md, "Correlated conditions") by the passes the head takes to settle: the interpreter runs it once
(`flow.Interpreter.run_loop`). Anything else the body holds (an event outside a helper, an optimizer handed in, kept
on `self`, or built from a model handed in) makes it an ordinary loop.
"""

from __future__ import annotations

import re

from zerograd_lint.analysis.ir.nodes import (
    Assign,
    AssertedNoGrad,
    Clear,
    Event,
    Freeze,
    GradAccess,
    Inlined,
    Loop,
    NextElement,
    OptimizerBuilt,
    Rebind,
    Step,
    Unscale,
    events_in,
)


def runs_afresh(loop: Loop) -> bool:
    """Whether every pass of the loop is a fresh run: its body binds names and calls helpers (inlined), each of
    which builds every optimizer and model its gradient events name (`builds_its_own`)."""
    items = loop.body.items
    calls = [item for item in items if isinstance(item, Inlined)]
    if not calls or any(call.closure for call in calls) or any(not isinstance(item, (Inlined, Rebind, Assign)) for item in items):
        return False
    return all(builds_its_own(call) for call in calls) and any(
        isinstance(event, Step) for call in calls for event in events_in(call.body)
    )


def builds_its_own(call: Inlined) -> bool:
    """Whether each optimizer and model the helper's gradient events name is a local of the helper (new in every
    call) built there: an optimizer by a construction over models built there, a model by a call of something not
    handed in (`net = build_net(args)`, not `net = model.to(device)` of a parameter `model`)."""
    handed = {name for name, _ in call.arguments} | {name for name, _ in call.gathered}
    events = list(events_in(call.body))
    bindings: dict[str, list[Assign]] = {}
    for event in events:
        if isinstance(event, Assign) and event.scope is call.function:
            for name in event.names:
                bindings.setdefault(name, []).append(event)
    built = {event.optimizer: event.models for event in events if isinstance(event, OptimizerBuilt)}

    def local_model(name: str, seen: frozenset[str] = frozenset()) -> bool:
        """Bound in the helper, and only by calls of what it was not handed or to another such model (`model_without_ddp
        = model`)."""
        if name in seen:
            return name not in handed  # bound to each other (`model = model_without_ddp`): what else binds them decides
        return name not in handed and bool(bindings.get(name)) and all(
            any(local_model(use, seen | {name}) for use in assign.uses) if not assign.callees
            else not any(callee.split(".")[0] in handed for callee in assign.callees)
            for assign in bindings[name]
        )

    def local_optimizer(name: str) -> bool:
        """Bound in the helper by calls over models built there: a construction's models, else a factory handed one
        (`create_optimizer(args, model_without_ddp)`)."""
        if name in built:
            return bool(built[name]) and all(local_model(model) for model in built[name]) and local_model(name)
        return local_model(name) and all(any(local_model(use) for use in assign.uses) for assign in bindings[name])

    for event in events:
        for kind, key in keys_of(event):
            if kind == "optimizer" and not local_optimizer(key):
                return False
            if kind == "model" and not local_model(re.split(r"[.\[]", key, maxsplit=1)[0]):  # `net.body`: of `net`
                return False
    return True


def keys_of(event: Event) -> list[tuple[str, str]]:
    """The optimizers (`optimizer`) and models (`model`) whose gradients the event names."""
    if isinstance(event, (Step, Unscale)):
        return [("optimizer", event.optimizer)]
    if isinstance(event, NextElement):
        return [("optimizer", event.key)]
    if isinstance(event, (Clear, AssertedNoGrad, GradAccess)):
        target = event.target
        return [(target.kind, target.key)] if target.kind in {"optimizer", "model"} and target.key else []
    if isinstance(event, Freeze):
        return [("model", event.key)] if event.key else []
    return []
