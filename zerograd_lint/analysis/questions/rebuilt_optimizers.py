"""ZG601's question of the lifecycle IR: which stateful optimizers are built afresh in every iteration
of a training loop that steps them, over a model the loop keeps.

Structural, no paths needed: the construction must run on every iteration (not under a
condition), the loop must step that optimizer, its state must not be loaded, and nothing
may make a fresh optimizer the point: the model rebuilt, copied, reloaded, re-initialised,
changed or unfrozen in the iteration, another model per iteration, or another training run
per iteration (the steps run over data the iteration picks: a task, a stage).
"""

from __future__ import annotations

from typing import Iterator

import libcst as cst

from zerograd_lint.analysis.ir.names import assigned_names, code_of, dotted_name
from zerograd_lint.analysis.ir.nodes import (
    Assign,
    Block,
    Event,
    Inlined,
    Loop,
    Node,
    OptimizerBuilt,
    StateLoad,
    Step,
    Try,
    children,
    events_in,
    loop_header,
)
from zerograd_lint.analysis.ir.state_events import names_read
from zerograd_lint.analysis.ir.structure import Structure
from zerograd_lint.analysis.ir.visiting import nodes_of

# Model methods that leave its parameters as they are.
KEEPS_MODEL = frozenset(
    """train eval to cuda cpu float half double bfloat16 parameters named_parameters children modules named_modules
    state_dict zero_grad forward __call__""".split()
)


def recreated_optimizers(block: Node, structure: Structure) -> Iterator[tuple[OptimizerBuilt, Loop, Step]]:
    """Each stateful optimizer built in every iteration of a loop that steps it, with that loop and its step."""
    for built, path in constructions(block, ()):
        if not built.stateful or not built.models:
            continue
        loops = [node for node in path if isinstance(node, Loop) and structure.is_training_loop(node)]
        for loop in reversed(loops):
            steps = [(step, between) for step, between in steps_in(loop.body, ()) if step.optimizer == built.optimizer]
            if not steps:
                continue  # an outer loop may step it
            inside = path[path.index(loop) + 1 :]
            # Where the construction is, in the loop's own code: the call of the helper that makes it, if any.
            anchors = [built.site, *(node.call for node in inside if isinstance(node, Inlined))]
            if (
                runs_every_iteration(inside)
                and not state_loaded(built, loop)
                and not gets_another_model(built, loop, anchors)
                and not trains_on_new_data(loop, [inner for _, between in steps for inner in between])
            ):
                yield built, loop, steps[0][0]
            break


def constructions(node: Node, path: tuple[Node, ...]) -> Iterator[tuple[OptimizerBuilt, tuple[Node, ...]]]:
    """Every construction with the IR nodes around it, outermost first."""
    if isinstance(node, OptimizerBuilt):
        yield node, path
    elif not isinstance(node, Event):
        for child in children(node):
            yield from constructions(child, (*path, node))


def steps_in(node: Node, loops: tuple[Loop, ...]) -> Iterator[tuple[Step, tuple[Loop, ...]]]:
    """Every step under `node`, with the loops between `node` and it."""
    if isinstance(node, Step):
        yield node, loops
    elif not isinstance(node, Event):
        for child in children(node):
            yield from steps_in(child, (*loops, node) if isinstance(node, Loop) else loops)


def runs_every_iteration(path: tuple[Node, ...]) -> bool:
    """Nothing between the loop's body and the construction but blocks, helpers and try bodies."""
    for outer, inner in zip(path, path[1:]):
        if isinstance(outer, Try):
            if inner is not outer.body:
                return False
        elif not isinstance(outer, (Block, Inlined)):
            return False
    return True


def state_loaded(built: OptimizerBuilt, loop: Loop) -> bool:
    return any(isinstance(e, StateLoad) and e.target == built.optimizer for e in events_in(loop.body))


def bound_in(loop: Loop) -> set[str]:
    """What a loop (re)binds in each iteration: its target and what its body assigns."""
    bound = {code_of(n) for n in assigned_names(loop.node.target)} if isinstance(loop.node, cst.For) else set()
    bound.update(name for e in events_in(loop.body) if isinstance(e, Assign) for name in e.names)
    return bound


def related(a: str, b: str) -> bool:
    """The same object, or one a part of the other (`model` and `model.encoder`, `models` and `models[i]`)."""
    return any(x == y or x.startswith(f"{y}.") or x.startswith(f"{y}[") for x, y in ((a, b), (b, a)))


def gets_another_model(built: OptimizerBuilt, loop: Loop, anchors: list[cst.CSTNode]) -> bool:
    """The loop rebuilds, copies, reloads, re-initialises, changes or unfreezes the model, or takes
    another model (or parameter set) each iteration: a fresh optimizer is then the point."""
    watched = built.models | built.reads
    changed = bound_in(loop) | {e.target for e in events_in(loop.body) if isinstance(e, StateLoad)}
    for inner in loops_in(loop.body):
        if isinstance(inner.node, cst.For):
            changed.update(code_of(n) for n in assigned_names(inner.node.target))
    if any(name.endswith(".requires_grad") for name in changed):
        return True
    if any(related(name, watch) or indexes(watch, name) for name in changed for watch in watched):
        return True
    return changed_before(loop.node, anchors, watched)


def indexes(key: str, name: str) -> bool:
    """`models[i]` is indexed by `i`."""
    return "[" in key and name in key[key.index("[") :]


def changed_before(loop: cst.CSTNode, anchors: list[cst.CSTNode], watched: frozenset[str]) -> bool:
    """Whether code of the loop's iteration before the construction (any of `anchors`) may change the
    model: calls a method of it (`model.grow()`) or passes it on (`prune(model)`), other than methods
    that keep its parameters (`model.train()`)."""
    for statement in getattr(getattr(loop, "body", None), "body", ()):
        if any(contains(statement, anchor) for anchor in anchors):
            return False
        for call in calls_in(statement):
            func = call.func
            if isinstance(func, cst.Attribute) and func.attr.value not in KEEPS_MODEL and touches(func.value, watched):
                return True
            if any(touches(argument.value, watched) for argument in call.args):
                return True
    return False


def touches(node: cst.BaseExpression, watched: frozenset[str]) -> bool:
    name = dotted_name(node)
    return name is not None and any(related(name, watch) for watch in watched)


def trains_on_new_data(loop: Loop, inner_loops: list[Loop]) -> bool:
    """The steps run in inner loops over what this iteration binds (`for task in tasks: ...
    for x, y in task.loader:`): each iteration is a new training run (a task, a stage of a
    curriculum) and a fresh optimizer its choice, not a slip."""
    bound = bound_in(loop)
    return any(
        related(name, read) for inner in inner_loops for read in names_read(loop_header(inner), keywords=False) for name in bound
    )


def loops_in(node: Node) -> Iterator[Loop]:
    if isinstance(node, Loop):
        yield node
    if not isinstance(node, Event):
        for child in children(node):
            yield from loops_in(child)


def contains(tree: cst.CSTNode, node: cst.CSTNode) -> bool:
    finder = _Find(node)
    tree.visit(finder)
    return finder.found


class _Find(cst.CSTVisitor):
    def __init__(self, node: cst.CSTNode) -> None:
        self.node = node
        self.found = False

    def on_visit(self, visited: cst.CSTNode) -> bool:
        self.found = self.found or visited is self.node
        return not self.found


def calls_in(tree: cst.CSTNode) -> list[cst.Call]:
    return nodes_of(tree, cst.Call)
