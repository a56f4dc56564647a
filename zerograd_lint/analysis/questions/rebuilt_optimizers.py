"""ZG601's question of the lifecycle IR: which stateful optimizers are built afresh in every iteration
of a training loop that steps them, over a model the loop keeps.

Structural, no paths needed: the construction must run on every iteration (not under a
condition, unless both arms of the `if` build it), the loop must step that optimizer, its state
must not be loaded, and nothing may make a fresh optimizer the point: the model rebuilt, copied,
reloaded, re-initialised, changed or unfrozen in the iteration, another model per iteration, or
another training run per iteration (the steps run over data the iteration picks: a task, a stage).
What does not make a fresh run: the same data rebuilt (`loader = DataLoader(dataset)`), the model
moved or put in training mode (`model = model.to(device)`, `model.training = True`), and a change
under a test that holds in one iteration only (`if epoch == warmup_epochs:`).
"""

from __future__ import annotations

import re
from typing import Iterator

import libcst as cst

from zerograd_lint.analysis.ir.conditions import literal_of
from zerograd_lint.analysis.ir.names import assigned_names, code_of, dotted_name, last_name
from zerograd_lint.analysis.ir.nodes import (
    Assign,
    Block,
    Branch,
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
# Module functions whose result is the same data again when what they are handed is (`tqdm.tqdm(loader)`).
SAME_DATA_CALLS = frozenset({"tqdm"})
# A method named for the loader it builds: `_create_data_loader`, `get_train_loader`, `build_dataloader`.
LOADER_BUILDER = re.compile(r"_*(?:create|make|build|get|init|prepare|setup|construct)_\w*loader$", re.IGNORECASE)
# Getters of a configuration object: handed only literal keys and defaults, they read a setting.
SETTING_GETTERS = frozenset({"get", "int", "float", "bool", "str", "value", "typed_value", "getint", "getfloat", "getboolean"})


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
                runs_every_iteration(inside, built.optimizer)
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


def runs_every_iteration(path: tuple[Node, ...], optimizer: str) -> bool:
    """Nothing between the loop's body and the construction but blocks, helpers, try bodies and `if`s
    whose other arm builds the same optimizer too."""
    for outer, inner in zip(path, path[1:]):
        if isinstance(outer, Try):
            if inner is not outer.body:
                return False
        elif isinstance(outer, Branch):
            if not always_builds(outer.orelse if inner is outer.then else outer.then, optimizer):
                return False
        elif not isinstance(outer, (Block, Inlined)):
            return False
    return True


def always_builds(node: Node, optimizer: str) -> bool:
    """Whether every pass through `node` builds `optimizer` (a construction on its straight path, or in both arms
    of an `if` on it)."""
    if isinstance(node, OptimizerBuilt):
        return node.optimizer == optimizer
    if isinstance(node, Branch):
        return always_builds(node.then, optimizer) and always_builds(node.orelse, optimizer)
    if isinstance(node, (Block, Inlined)):
        return any(always_builds(child, optimizer) for child in children(node))
    if isinstance(node, Try):
        return always_builds(node.body, optimizer)
    return False


def state_loaded(built: OptimizerBuilt, loop: Loop) -> bool:
    return any(isinstance(e, StateLoad) and e.target == built.optimizer for e in events_in(loop.body))


def targets_of(loop: Loop) -> set[str]:
    return {code_of(n) for n in assigned_names(loop.node.target)} if isinstance(loop.node, cst.For) else set()


def bound_in(loop: Loop) -> set[str]:
    """What a loop (re)binds in each iteration to something new: its target and what its body assigns, but for
    the model moved or flagged (`model = model.to(device)`, `model.training = True`) and what is assigned
    under a test that holds once."""
    return targets_of(loop) | {
        name for e in iteration_events(loop.body, loop) if isinstance(e, Assign) and not keeps_object(e.node) for name in e.names
    }


def iteration_events(node: Node, loop: Loop) -> Iterator[Event]:
    """The events of a loop's body that may run in many iterations: not those under a test that holds once."""
    return (part for part in iteration_parts(node, loop) if isinstance(part, Event))


def iteration_parts(node: Node, loop: Loop) -> Iterator[Node]:
    """The nodes under `node` that may run in many iterations of `loop`, outermost first."""
    yield node
    if isinstance(node, Branch) and not node.negated and node.test is not None and holds_once(node.test, loop):
        yield from iteration_parts(node.orelse, loop)
    elif not isinstance(node, Event):
        for child in children(node):
            yield from iteration_parts(child, loop)


def holds_once(test: cst.BaseExpression, loop: Loop) -> bool:
    """`epoch == warmup_epochs`: the loop's counter compared for equality with what the loop does not change."""
    if not (isinstance(test, cst.Comparison) and len(test.comparisons) == 1):
        return False
    if not isinstance(test.comparisons[0].operator, cst.Equal):
        return False
    left, right = test.left, test.comparisons[0].comparator
    counters = counters_of(loop)
    for counter, other in ((left, right), (right, left)):
        if isinstance(counter, cst.Name) and counter.value in counters:
            rebound = {name for e in events_in(loop.body) if isinstance(e, Assign) for name in e.names}
            return not any(related(read, name) for read in names_read(other) for name in rebound | counters)
    return False


def counters_of(loop: Loop) -> set[str]:
    """The names that grow by one each iteration: `epoch` of `for epoch in range(n)`, `i` of `enumerate(...)`."""
    node = loop.node
    if not (isinstance(node, cst.For) and isinstance(node.iter, cst.Call)):
        return set()
    callee = dotted_name(node.iter.func)
    if callee == "range" and isinstance(node.target, cst.Name):
        return {node.target.value}
    if callee == "enumerate" and isinstance(node.target, cst.Tuple) and isinstance(node.target.elements[0].value, cst.Name):
        return {node.target.elements[0].value.value}
    return set()


def keeps_object(statement: cst.CSTNode) -> bool:
    """`model = model.to(device)`, `model = model.cuda().train()`, `model.training = True`, `model.epoch = 3`:
    the same object, its parameters as they were."""
    if not isinstance(statement, cst.Assign) or len(statement.targets) != 1:
        return False
    target, value = statement.targets[0].target, statement.value
    if isinstance(target, cst.Attribute) and target.attr.value != "requires_grad":
        if target.attr.value == "training" or literal_of(value) is not None:
            return True
    while isinstance(value, cst.Call) and isinstance(value.func, cst.Attribute) and value.func.attr.value in KEEPS_MODEL:
        value = value.func.value
    return value is not statement.value and code_of(value) == code_of(target)


def related(a: str, b: str) -> bool:
    """The same object, or one a part of the other (`model` and `model.encoder`, `models` and `models[i]`)."""
    return any(x == y or x.startswith(f"{y}.") or x.startswith(f"{y}[") for x, y in ((a, b), (b, a)))


def gets_another_model(built: OptimizerBuilt, loop: Loop, anchors: list[cst.CSTNode]) -> bool:
    """The loop rebuilds, copies, reloads, re-initialises, changes or unfreezes the model, or takes
    another model (or parameter set) each iteration: a fresh optimizer is then the point."""
    watched = built.models | built.reads
    changed = bound_in(loop) | {e.target for e in iteration_events(loop.body, loop) if isinstance(e, StateLoad)}
    for inner in iteration_parts(loop.body, loop):
        if isinstance(inner, Loop) and isinstance(inner.node, cst.For):
            changed.update(code_of(n) for n in assigned_names(inner.node.target))
    if any(name.endswith(".requires_grad") for name in changed):
        return True
    if any(related(name, watch) or indexes(watch, name) for name in changed for watch in watched):
        return True
    return changed_before(loop, anchors, watched)


def indexes(key: str, name: str) -> bool:
    """`models[i]` is indexed by `i`."""
    return "[" in key and name in key[key.index("[") :]


def changed_before(loop: Loop, anchors: list[cst.CSTNode], watched: frozenset[str]) -> bool:
    """Whether code of the loop's iteration before the construction (any of `anchors`) may change the
    model: calls a method of it (`model.grow()`) or passes it on (`prune(model)`), other than methods
    that keep its parameters (`model.train()`); not under a test that holds once. A method of the object that holds
    the model (`self.init_train_epoch()`) changes it when its visible body does."""
    helpers = {id(node.call): node for node in nodes_in(loop.body) if isinstance(node, Inlined)}
    for statement in getattr(getattr(loop.node, "body", None), "body", ()):
        if any(contains(statement, anchor) for anchor in anchors):
            return False
        if isinstance(statement, cst.If) and holds_once(statement.test, loop):
            statement = statement.orelse or cst.Pass()
        if any(may_change(call, watched, helpers) for call in calls_in(statement)):
            return True
    return False


def may_change(call: cst.Call, watched: frozenset[str], helpers: dict[int, Inlined], seen: frozenset[int] = frozenset()) -> bool:
    """Whether a call may change the watched model: a method of it (or of what holds it) that does not keep its
    parameters, or a call handed it; a helper of the holder (`self.init_train_epoch()`, inlined) by what it calls
    (a helper met again inside itself, by what its first visit found)."""
    func = call.func
    if isinstance(func, cst.Attribute) and func.attr.value not in KEEPS_MODEL and touches(func.value, watched):
        helper = helpers.get(id(call)) if dotted_name(func.value) == "self" else None
        if helper is None:
            return True
        if id(helper.function) not in seen and any(
            may_change(inner, watched, helpers, seen | {id(helper.function)}) for inner in calls_in(helper.function)
        ):
            return True
    return any(touches(argument.value, watched) for argument in call.args)


def nodes_in(node: Node) -> Iterator[Node]:
    """`node` and every IR node under it."""
    yield node
    if not isinstance(node, Event):
        for child in children(node):
            yield from nodes_in(child)


def touches(node: cst.BaseExpression, watched: frozenset[str]) -> bool:
    name = dotted_name(node)
    return name is not None and any(related(name, watch) for watch in watched)


def trains_on_new_data(loop: Loop, inner_loops: list[Loop]) -> bool:
    """The steps run in inner loops over data this iteration picks (`for task in tasks: ...
    for x, y in task.loader:`): each iteration is a new training run (a task, a stage of a
    curriculum) and a fresh optimizer its choice, not a slip. The same data rebuilt
    (`loader = DataLoader(train_set, shuffle=True)`) is no new run."""
    picked = new_data(loop)
    return any(
        related(name, read) for inner in inner_loops for read in names_read(loop_header(inner), keywords=False) for name in picked
    )


def new_data(loop: Loop) -> set[str]:
    """What an iteration binds to data of its own: its target, and what it assigns from that or from a call
    not known to give the same data again for the same inputs (`sampler.sample()`, `next_task()`)."""
    picked = targets_of(loop)
    for event in iteration_events(loop.body, loop):
        if not isinstance(event, Assign) or keeps_object(event.node):
            continue
        value = getattr(event.node, "value", None)
        if value is None:
            continue
        if any(related(read, name) for read in data_read(value) for name in picked) or not rebuilds_same_data(value):
            picked |= event.names
    return picked


def data_read(value: cst.BaseExpression) -> set[str]:
    """The names a value reads, but for those only written into text (`desc=f"epoch {epoch}"`): `make_loader(size=
    sizes[stage])` reads `stage`, `tqdm(loader, desc=f"epoch {epoch}")` only `loader`."""
    in_text = {name for text in nodes_of(value, cst.FormattedString) for name in names_read(text)}
    return names_read(value) - in_text


def rebuilds_same_data(value: cst.BaseExpression) -> bool:
    """Every call in the value gives the same data again for the same inputs: a class built
    (`DataLoader(train_set)`), a function of its own name (`make_loader(args)`, `len(loader)`), a method of the
    object itself that says it builds a loader of what it is handed (`self._create_data_loader(self.train_dataset)`);
    not a method of an object that keeps state (`sampler.sample()`, `random.choice(tasks)`, `self.next_task_loader()`)
    nor `next(tasks)`."""
    for call in calls_in(value):
        func = call.func
        name = last_name(func) if isinstance(func, (cst.Name, cst.Attribute)) else None
        if name is None or name == "next":
            return False
        if isinstance(func, cst.Attribute) and not (
            name in SAME_DATA_CALLS or name[:1].isupper() or builds_a_loader_of(call) or reads_a_setting(call, name)
        ):
            return False
    return True


def reads_a_setting(call: cst.Call, name: str) -> bool:
    """`self.config.int("max_seqs", 1)`, `cfg.get("batch_size")`: a setting read by its literal key, the same in every
    iteration."""
    return name in SETTING_GETTERS and bool(call.args) and all(literal_of(argument.value) is not None for argument in call.args)


def builds_a_loader_of(call: cst.Call) -> bool:
    """`self._create_data_loader(self.train_dataset)`: a method of `self` named for the loader it builds, handed the
    data (what the data is, the iteration's own or not, the loop's bindings say: `new_data`); not one that says it
    moves on (`self.get_next_loader(stream)`)."""
    func = call.func
    return (
        isinstance(func, cst.Attribute) and isinstance(func.value, cst.Name) and func.value.value == "self"
        and LOADER_BUILDER.match(func.attr.value) is not None and "next" not in func.attr.value.lower() and bool(call.args)
    )


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
