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
from zerograd_lint.analysis.ir import (
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
from zerograd_lint.analysis.names import code_of, dotted_name


def recreated_optimizers(block: Node, structure: Structure) -> Iterator[tuple[OptimizerBuilt, Loop, Step]]:
    """Each stateful optimizer built in every iteration of a loop that steps it, with that loop and its step."""
    for built, path in constructions(block, ()):
        if not built.stateful or not built.models:
            continue
        loops = [node for node in path if isinstance(node, Loop) and structure.is_training_loop(node)]
        for loop in reversed(loops):
            steps = [(step, inner) for step, inner in steps_in(loop.body, ()) if step.optimizer == built.optimizer]
            if not steps:
                continue  # an outer loop may step it
            inside = path[path.index(loop) + 1 :]
            if (
                runs_every_iteration(inside)
                and not gets_another_model(built, loop)
                and not state_loaded(built, loop)
                and not trains_on_new_data(loop, [inner for _, inner in steps])
            ):
                yield built, loop, steps[0][0]
            break


def steps_in(node: Node, loops: tuple[Loop, ...]) -> Iterator[tuple[Step, tuple[Loop, ...]]]:
    """Every step under `node`, with the loops between `node` and it."""
    if isinstance(node, Step):
        yield node, loops
    elif not isinstance(node, Event):
        for child in children(node):
            yield from steps_in(child, (*loops, node) if isinstance(node, Loop) else loops)


def trains_on_new_data(loop: Loop, inner_loops: list[tuple[Loop, ...]]) -> bool:
    """The steps run in inner loops over what this iteration binds (`for task in tasks: ...
    for x, y in task.loader:`): each iteration is a new training run (a task, a stage of a
    curriculum) and a fresh optimizer its choice, not a slip."""
    bound = bound_in(loop)
    for inner in (loop for loops in inner_loops for loop in loops):
        header = names_read(loop_header(inner))
        if any(related(name, read) for name in bound for read in header):
            return True
    return False


def bound_in(loop: Loop) -> set[str]:
    """What a loop (re)binds in each iteration: its target and what its body assigns."""
    bound = {code_of(n) for n in assigned_names(loop.node.target)} if isinstance(loop.node, cst.For) else set()
    bound.update(name for e in events_in(loop.body) if isinstance(e, Assign) for name in e.names)
    return bound


def names_read(node: cst.CSTNode) -> set[str]:
    """Names and attribute chains an expression reads (`task.loader`, `loaders`, `i`)."""
    found: set[str] = set()

    class _Reads(cst.CSTVisitor):
        def visit_Arg(self, argument: cst.Arg) -> bool:
            return argument.keyword is None  # `tqdm(loader, desc=f"epoch {epoch}")` reads `loader`

        def visit_Attribute(self, attribute: cst.Attribute) -> bool:
            name = dotted_name(attribute)
            if name is not None:
                found.add(name)
            return name is None

        def visit_Name(self, name: cst.Name) -> None:
            found.add(name.value)

    node.visit(_Reads())
    return found


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
    changed = bound_in(loop) | {e.target for e in events_in(loop.body) if isinstance(e, StateLoad)}
    for inner in loops_in(loop.body):
        if isinstance(inner.node, cst.For):
            changed.update(code_of(n) for n in assigned_names(inner.node.target))
    if any(name.endswith(".requires_grad") for name in changed):
        return True
    if any(related(name, watch) or mentions(watch, name) for name in changed for watch in watched):
        return True
    return changed_before(loop.node, built.site, watched)


# Model methods that leave its parameters as they are.
KEEPS_MODEL = frozenset(
    """train eval to cuda cpu float half double bfloat16 parameters named_parameters children modules named_modules
    state_dict zero_grad forward __call__""".split()
)


def changed_before(loop: cst.CSTNode, site: cst.CSTNode, watched: frozenset[str]) -> bool:
    """Whether code of the loop's iteration before the construction may change the model: calls a method
    of it (`model.grow()`, `prune(model)`), other than those that keep its parameters (`model.train()`)."""
    body = getattr(loop, "body", None)
    for statement in getattr(body, "body", ()):
        if contains(statement, site):
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


def contains(tree: cst.CSTNode, node: cst.CSTNode) -> bool:
    found = False

    class _Find(cst.CSTVisitor):
        def on_visit(self, visited: cst.CSTNode) -> bool:
            nonlocal found
            found = found or visited is node
            return not found

    tree.visit(_Find())
    return found


def calls_in(tree: cst.CSTNode) -> list[cst.Call]:
    found: list[cst.Call] = []

    class _Calls(cst.CSTVisitor):
        def visit_Call(self, call: cst.Call) -> None:
            found.append(call)

    tree.visit(_Calls())
    return found


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
