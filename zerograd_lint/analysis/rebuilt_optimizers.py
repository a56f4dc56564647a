"""ZG601's question of the lifecycle IR: which stateful optimizers are built afresh in every iteration
of a training loop that steps them, over a model the loop keeps.

Structural, no paths needed: the construction must run on every iteration (not under a
condition), the loop must step that optimizer, and nothing in the loop may give the
optimizer a different model (the model rebuilt, copied, reloaded, re-initialised,
unfrozen, or another one per iteration) or load its state.
"""

from __future__ import annotations

from typing import Iterator

import libcst as cst

from zerograd_lint.analysis.builder import assigned_names
from zerograd_lint.analysis.flow import Structure
from zerograd_lint.analysis.ir import Assign, Block, Event, Inlined, Loop, Node, OptimizerBuilt, StateLoad, Step, Try, children, events_in
from zerograd_lint.analysis.names import code_of


def recreated_optimizers(block: Node, structure: Structure) -> Iterator[tuple[OptimizerBuilt, Loop, Step]]:
    """Each stateful optimizer built in every iteration of a loop that steps it, with that loop and its step."""
    for built, path in constructions(block, ()):
        if not built.stateful or not built.models:
            continue
        loops = [node for node in path if isinstance(node, Loop) and structure.is_training_loop(node)]
        for loop in reversed(loops):
            steps = [e for e in events_in(loop.body) if isinstance(e, Step) and e.optimizer == built.optimizer]
            if not steps:
                continue  # an outer loop may step it
            inside = path[path.index(loop) + 1 :]
            if runs_every_iteration(inside) and not gets_another_model(built, loop) and not state_loaded(built, loop):
                yield built, loop, steps[0]
            break


def constructions(node: Node, path: tuple[Node, ...]) -> Iterator[tuple[OptimizerBuilt, tuple[Node, ...]]]:
    """Every construction with the IR nodes around it, outermost first."""
    if isinstance(node, OptimizerBuilt):
        yield node, path
    elif not isinstance(node, Event):
        for child in children(node):
            yield from constructions(child, (*path, node))


def runs_every_iteration(path: tuple[Node, ...]) -> bool:
    """Nothing between the loop's body and the construction but blocks, helpers and try bodies."""
    for outer, inner in zip(path, path[1:]):
        if isinstance(outer, Try):
            if inner is not outer.body:
                return False
        elif not isinstance(outer, (Block, Inlined)):
            return False
    return True


def related(a: str, b: str) -> bool:
    return a == b or a.startswith(f"{b}.") or b.startswith(f"{a}.") or a.startswith(f"{b}[") or b.startswith(f"{a}[")


def gets_another_model(built: OptimizerBuilt, loop: Loop) -> bool:
    """The loop rebuilds, copies, reloads or re-initialises the model, unfreezes parameters, or
    takes another model (or parameter set) each iteration: a fresh optimizer is then the point."""
    watched = built.models | built.reads
    changed: set[str] = set()
    if isinstance(loop.node, cst.For):
        changed.update(code_of(n) for n in assigned_names(loop.node.target))
    for event in events_in(loop.body):
        if isinstance(event, Assign):
            if any(name.endswith(".requires_grad") for name in event.names):
                return True
            changed.update(event.names)
        elif isinstance(event, StateLoad):
            changed.add(event.target)
    for inner in loops_in(loop.body):
        if isinstance(inner.node, cst.For):
            changed.update(code_of(n) for n in assigned_names(inner.node.target))
    return any(related(name, watch) or mentions(watch, name) for name in changed for watch in watched)


def mentions(key: str, name: str) -> bool:
    """`models[i]` mentions `i`."""
    return "[" in key and name in key[key.index("[") :]


def state_loaded(built: OptimizerBuilt, loop: Loop) -> bool:
    return any(isinstance(e, StateLoad) and e.target == built.optimizer for e in events_in(loop.body))


def loops_in(node: Node) -> Iterator[Loop]:
    if isinstance(node, Loop):
        yield node
    if not isinstance(node, Event):
        for child in children(node):
            yield from loops_in(child)
