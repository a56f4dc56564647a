"""ZG602's question of the lifecycle IR: which tensors with an autograd graph are added into an
accumulator that outlives the iteration.

Reaching definitions over every path (the flow interpreter's fixpoint), per function
and name: an accumulation `total += loss` is reported when

- the `loss` it adds is the very tensor a backward of the file is called on (the same
  assignment reaches both), or a tensor computed from a model's output on the way to that
  loss (a loss term, the model's output), with autograd recording (not under `torch.no_grad()`);
  or, unnamed, the result of a function the file computes such a loss with, applied to the model's
  output (`total += criterion(out, y)`);
- the accumulator carries its value into the next iteration: the accumulation reaches
  itself over the back edge, with no reset between;
- the loop around it, the innermost one, is a training loop (an evaluation loop's
  values carry no graph), and
- the accumulated value is never backpropagated itself (losses summed on purpose).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Iterator, Mapping

import libcst as cst

from zerograd_lint.analysis.interpret.flow import Interpreter, PassThrough
from zerograd_lint.analysis.ir.index import returns_of
from zerograd_lint.analysis.ir.names import code_of, dotted_name, source_of
from zerograd_lint.analysis.ir.nodes import Accumulate, Assign, Backward, Event, Inlined, Loop, Node, children
from zerograd_lint.analysis.ir.state_events import names_read
from zerograd_lint.analysis.ir.structure import Structure
from zerograd_lint.analysis.ir.visiting import code_children, visit
from zerograd_lint.analysis.ir.vocabulary import REPORTING_CALLS

Slot = tuple["cst.CSTNode | None", str]  # (function, name as written); `self.` attributes belong to no one function
Definition = tuple[int, str]  # (the event that set it, the name it set)
Definitions = Mapping[Slot, frozenset[Definition]]  # the definitions that reach a point, per slot


def slot(scope: cst.CSTNode, name: str) -> Slot:
    return (None if name.startswith("self.") else scope), name


def prefixes(name: str) -> list[str]:
    """`a`, `a.b`, `a.b["k"]` for `a.b["k"]`: the objects a name is part of, outermost first (`self` alone
    is no object of interest: `self.total` is)."""
    found, depth = [], 0
    for position, character in enumerate(name):
        if character in ".[" and depth == 0 and position:
            found.append(name[:position])
        depth += {"[": 1, "]": -1}.get(character, 0)
    return [part for part in (*found, name) if part != "self"]


def lookup(state: Definitions, scope: cst.CSTNode, name: str) -> frozenset[Definition]:
    """The definitions of what `name` reads: its own, else those of the object it is part of
    (`outputs.loss` after `outputs = model(x)`)."""
    for part in reversed(prefixes(name)):
        found = state.get(slot(scope, part))
        if found is not None:
            return found
    return frozenset()


def define(state: Definitions, scope: cst.CSTNode, name: str, definitions: frozenset[Definition]) -> Definitions:
    """`name` set anew: its own parts (`stats.total` for `stats`) go with its old value."""
    key = slot(scope, name)
    kept = {k: v for k, v in state.items() if not (k[0] is key[0] and k[1].startswith((f"{name}.", f"{name}[")))}
    kept[key] = definitions
    return kept


@dataclass
class ReachingDefinitions(PassThrough):
    accumulations: frozenset[int]  # `id()` of the statements that are accumulations, which Accumulate defines
    returned: Mapping[int, tuple[cst.CSTNode, frozenset[str]]]  # Assign id -> the helper whose returned names it takes
    before: dict[int, Definitions] = field(default_factory=dict)  # event id -> the definitions reaching it

    def transfer(self, event: Event, state: Definitions) -> Definitions:
        if isinstance(event, (Backward, Accumulate, Assign)):  # states are never changed in place: kept as they are
            previous = self.before.get(event.id)
            self.before[event.id] = state if previous is None else self.join(previous, state)
        if isinstance(event, Assign) and id(event.node) not in self.accumulations:
            incoming = state
            for name in event.names:
                state = define(state, event.scope, name, self.assigned(event, name, incoming))
            return state
        if isinstance(event, Accumulate):
            return define(state, event.scope, event.target, frozenset({(event.id, event.target)}))
        return state

    def assigned(self, event: Assign, name: str, state: Definitions) -> frozenset[Definition]:
        """`loss = train_step(batch)` holds what the helper returns (`return loss`): that value's definitions."""
        if event.id in self.returned:
            function, names = self.returned[event.id]
            return frozenset().union(*(lookup(state, function, returned) for returned in names))
        if isinstance(event.node, cst.AugAssign):  # `loss *= n` changes the tensor in place: still the loss
            return lookup(state, event.scope, name) or frozenset({(event.id, name)})
        return frozenset({(event.id, name)})

    def join(self, first: Definitions, second: Definitions) -> Definitions:
        return {key: first.get(key, frozenset()) | second.get(key, frozenset()) for key in first.keys() | second.keys()}


@dataclass(frozen=True)
class KeptValue:
    accumulation: Accumulate
    loop: Loop
    backward: Backward  # the backward of the tensor that is kept, or of the loss it is part of
    value: str  # the name added
    is_loss: bool  # the very tensor given to the backward, not a part of it


def kept_values(
    block: Node, events: tuple[Event, ...], structure: Structure, runs_model: Callable[[str], bool]
) -> Iterator[KeptValue]:
    """`runs_model(callee)`: whether a call runs a model (whose output carries an autograd graph)."""
    accumulations = [e for e in events if isinstance(e, Accumulate) and not e.no_grad]
    backwards = [(e, loss_name(e)) for e in events if isinstance(e, Backward)]
    if not accumulations or not any(key or isinstance(e.loss, cst.Call) for e, key in backwards):
        return
    domain = ReachingDefinitions(frozenset(id(e.node) for e in accumulations), returned_values(block))
    Interpreter(domain, Structure()).run(block, {})
    losses, parts = graph_definitions(events, backwards, domain, runs_model)
    computing = loss_functions(events, backwards, losses)
    loops = innermost_loops(block, None)
    backpropagated = backpropagated_names(events)
    for accumulation in accumulations:
        reaching = domain.before.get(accumulation.id)
        loop = loops.get(accumulation.id)
        if reaching is None or loop is None or not structure.is_training_loop(loop):
            continue
        carried = (accumulation.id, accumulation.target) in lookup(reaching, accumulation.scope, accumulation.target)
        summed = any(slot(accumulation.scope, part) in backpropagated for part in prefixes(accumulation.target))
        if not carried or summed:
            continue  # reset every iteration, or summed to be backpropagated
        for name in sorted(accumulation.values):
            added = lookup(reaching, accumulation.scope, name)
            kept = next((d for d in sorted(added) if d in losses), None) or next((d for d in sorted(added) if d in parts), None)
            if kept is not None:
                yield KeptValue(accumulation, loop, losses.get(kept) or parts[kept], name, kept in losses)
                break
        else:
            call = accumulation.call
            backward = computing.get(dotted_name(call.func) or "") if call is not None else None
            if call is not None and backward is not None:
                # A loss function of the file applied to the model's output: the loss again, unnamed.
                added = {d for name in graph_inputs(call) for d in lookup(reaching, accumulation.scope, name)}
                kept = next((d for d in sorted(added) if d in parts), None)
                inline = any(runs_model(callee) for argument in call.args for callee in calls_in(argument.value))
                if kept is not None or inline:
                    yield KeptValue(
                        accumulation, loop, parts[kept] if kept is not None else backward,
                        source_of(call), False,
                    )


def loss_functions(
    events: tuple[Event, ...], backwards: list[tuple[Backward, str | None]], losses: Mapping[Definition, Backward]
) -> dict[str, Backward]:
    """The functions the file computes a backwarded loss with, each with that backward: `criterion` in
    `criterion(out, y).backward()` or in `loss = criterion(out, y)` ... `loss.backward()`."""
    found = {dotted_name(b.loss.func): b for b, _ in backwards if isinstance(b.loss, cst.Call)}
    assigned = {definition[0]: backward for definition, backward in losses.items()}
    for event in events:
        value = getattr(event.node, "value", None) if isinstance(event, Assign) and event.id in assigned else None
        if isinstance(value, cst.Call):
            found.setdefault(dotted_name(value.func), assigned[event.id])
    found.pop(None, None)
    return found  # type: ignore[return-value]


def calls_in(node: cst.CSTNode) -> Iterator[str]:
    """The dotted names of the functions called anywhere in an expression."""
    if isinstance(node, cst.Call) and dotted_name(node.func):
        yield dotted_name(node.func)  # type: ignore[misc]
    for child in code_children(node):
        yield from calls_in(child)


def loss_name(backward: Backward) -> str | None:
    """What holds the tensor a backward is called on: `loss` in `loss.backward()`, `(loss / n).backward()`,
    `outputs.loss` in `outputs.loss.backward()`."""
    node = backward.loss
    while isinstance(node, (cst.BinaryOperation, cst.Subscript)):
        node = node.left if isinstance(node, cst.BinaryOperation) else node.value
    return dotted_name(node) if node is not None else None


def graph_definitions(
    events: tuple[Event, ...], backwards: list[tuple[Backward, str | None]], domain: ReachingDefinitions,
    runs_model: Callable[[str], bool],
) -> tuple[dict[Definition, Backward], dict[Definition, Backward]]:
    """The definitions whose tensor carries an autograd graph into a backward: the losses given to it,
    and the parts of a loss computed from a model's output on the way (`out = model(x)`,
    `recon = F.mse_loss(out, x)` for `loss = recon + kl`), not data such as targets or masks."""
    losses: dict[Definition, Backward] = {}
    computed_in_place: dict[Definition, Backward] = {}  # what `criterion(out, y).backward()` computes its loss from
    for backward, loss in backwards:
        if backward.id not in domain.before:
            continue
        if loss is not None:
            losses.update((d, backward) for d in lookup(domain.before[backward.id], backward.scope, loss))
        elif isinstance(backward.loss, cst.Call):
            for name in graph_inputs(backward.loss):
                computed_in_place.update((d, backward) for d in lookup(domain.before[backward.id], backward.scope, name))
    assigns = {e.id: e for e in events if isinstance(e, Assign) and e.id in domain.before}

    def inputs(definition: Definition) -> set[Definition]:
        """The definitions whose graph the assigned value carries on (not `x.shape[0]`, `y.argmax()`)."""
        assign = assigns.get(definition[0])
        value = getattr(assign.node, "value", None) if assign is not None else None
        if value is None:
            return set()
        reaching = domain.before[assign.id]
        return {d for name in graph_inputs(value) for d in lookup(reaching, assign.scope, name)}

    ingredients = {**computed_in_place, **losses}
    pending = list(ingredients)
    while pending:
        definition = pending.pop()
        for found in inputs(definition) - ingredients.keys():
            ingredients[found] = ingredients[definition]
            pending.append(found)
    carrying: set[Definition] = set()
    grew = True
    while grew:
        grew = False
        for definition in ingredients.keys() - carrying:
            assign = assigns.get(definition[0])
            if assign is not None and not assign.no_grad and (
                any(runs_model(callee) for callee in assign.callees) or inputs(definition) & carrying
            ):
                carrying.add(definition)
                grew = True
    return losses, {d: ingredients[d] for d in carrying}


# Reads of a tensor that carry no autograd graph.
GRAPHLESS_ATTRIBUTES = frozenset({"shape", "dtype", "device", "data", "grad", "ndim", "requires_grad", "is_cuda"})
GRAPHLESS_METHODS = frozenset(
    """item detach size numel dim argmax argmin argsort long int bool tolist numpy nonzero eq ne lt le gt ge
    isnan isfinite isinf sign round floor ceil""".split()
)
GRAPHLESS_FUNCTIONS = frozenset({"int", "float", "bool", "len", "str", "round", "isinstance", "range", "id"})


def graph_inputs(node: cst.CSTNode) -> set[str]:
    """The names whose autograd graph a value may carry on: `out` in `F.mse_loss(out, x)` or `out.logits`,
    nothing in `out.shape[0]`, `out.argmax(-1)`, `len(out)` or a comparison."""
    if isinstance(node, cst.Name):
        return {node.value}
    if isinstance(node, cst.Attribute):
        return set() if node.attr.value in GRAPHLESS_ATTRIBUTES else graph_inputs(node.value)
    if isinstance(node, cst.Call):
        func = node.func
        if isinstance(func, cst.Attribute) and func.attr.value in GRAPHLESS_METHODS:
            return set()
        if isinstance(func, cst.Name) and func.value in GRAPHLESS_FUNCTIONS:
            return set()
        receiver = graph_inputs(func.value) if isinstance(func, cst.Attribute) else set()
        return receiver.union(*(graph_inputs(a.value) for a in node.args))
    if isinstance(node, (cst.Comparison, cst.BaseString, cst.Integer, cst.Float, cst.Lambda)):
        return set()
    found: set[str] = set()
    for child in code_children(node):
        found |= graph_inputs(child)
    return found


def returned_values(node: Node, returns: dict | None = None) -> dict[int, tuple[cst.CSTNode, frozenset[str]]]:
    """Assignments of what an inlined helper returns (`loss = train_step(batch)` after the helper's body):
    Assign id -> (the helper, the names it returns). Only helpers whose every return is a plain name."""
    returns = {} if returns is None else returns  # helper -> the names it returns, or None
    found: dict[int, tuple[cst.CSTNode, frozenset[str]]] = {}
    if isinstance(node, Event):
        return found
    items = list(children(node))
    for position, item in enumerate(items):
        found.update(returned_values(item, returns))
        if not isinstance(item, Inlined):
            continue
        if item.function not in returns:
            values = returns_of(item.function)
            plain = [code_of(v) for v in values if isinstance(v, (cst.Name, cst.Attribute))]
            returns[item.function] = frozenset(plain) if values and len(plain) == len(values) else None
        if returns[item.function] is None:
            continue
        for later in items[position + 1 :]:
            if isinstance(later, Assign) and getattr(later.node, "value", None) is item.call and len(later.names) == 1:
                found[later.id] = (item.function, returns[item.function])
                break
    return found


def backpropagated_names(events: tuple[Event, ...]) -> set[Slot]:
    """The names a backward's loss is computed from, in any number of assignments: an accumulator among
    them is summed on purpose (`total = total + loss` ... `total.backward()`)."""
    found: set[Slot] = set()
    for event in events:
        if isinstance(event, Backward) and event.loss is not None:
            found.update(slot(event.scope, name) for name in names_read(event.loss))
    assigns = [e for e in events if isinstance(e, Assign)]
    grew = True
    while grew:
        grew = False
        for assign in assigns:
            if any(slot(assign.scope, n) in found for n in assign.names):
                new = {slot(assign.scope, u) for u in assign.uses} - found
                if new:
                    found |= new
                    grew = True
    return found


def innermost_loops(node: Node, loop: Loop | None) -> dict[int, Loop]:
    """Event id -> the innermost loop around it."""
    found: dict[int, Loop] = {}
    if isinstance(node, Event):
        if loop is not None:
            found[node.id] = loop
        return found
    for child in children(node):
        found.update(innermost_loops(child, node if isinstance(node, Loop) and child is node.body else loop))
    return found


# Builtins that take numbers as they take tensors.
NUMBER_AGNOSTIC_CALLS = frozenset({"sum", "len", "min", "max", "abs", "round", "float", "int", "str", "repr", "format", "sorted"})


def only_reported(module: cst.Module, scope: cst.CSTNode, target: str, accumulation: cst.CSTNode) -> bool:
    """Whether the accumulator is only printed or logged (besides being reset and added to), so that
    holding a number instead of a tensor changes nothing else: `print(total / n)`, `writer.add_scalar("loss", total)`."""
    if "[" in target:
        return False  # `history["loss"]`: the dict's other uses are not followed
    where = module if target.startswith("self.") or not isinstance(scope, cst.FunctionDef) else scope
    uses = _Uses(target, accumulation)
    visit(where, uses)
    return uses.only_reported


class _Uses(cst.CSTVisitor):
    def __init__(self, target: str, accumulation: cst.CSTNode) -> None:
        self.target = target
        self.accumulation = accumulation
        self.calls: list[bool] = []  # the calls around, innermost last: whether each prints or logs
        self.only_reported = True

    def is_target(self, node: cst.CSTNode) -> bool:
        return isinstance(node, (cst.Name, cst.Attribute)) and dotted_name(node) == self.target

    def visit_SimpleStatementLine(self, node: cst.SimpleStatementLine) -> bool:
        return not any(small is self.accumulation or self.is_update(small) for small in node.body)

    def is_update(self, statement: cst.CSTNode) -> bool:
        """`total += ...`, `total = total + ...`, `total = 0`, `losses = []`: the accumulator's own life."""
        if isinstance(statement, cst.AugAssign):
            return self.is_target(statement.target)
        if not (isinstance(statement, cst.Assign) and len(statement.targets) == 1 and self.is_target(statement.targets[0].target)):
            return False
        value = statement.value
        if isinstance(value, cst.BinaryOperation):
            return self.is_target(value.left) or self.is_target(value.right)
        return isinstance(value, (cst.Integer, cst.Float)) or (isinstance(value, cst.List) and not value.elements)

    def visit_Call(self, node: cst.Call) -> bool:
        if node is self.accumulation:
            return False
        # The innermost call that cares decides: `print(torch.stack(losses))` hands the list to `torch.stack`,
        # `print(sum(losses) / len(losses))` to `print` (`sum` adds numbers as it adds tensors).
        name = (dotted_name(node.func) or "").rsplit(".", 1)[-1]
        reporting = bool(self.calls and self.calls[-1]) if name in NUMBER_AGNOSTIC_CALLS else name in REPORTING_CALLS
        self.calls.append(reporting)
        return True

    def leave_Call(self, original_node: cst.Call) -> None:
        if original_node is not self.accumulation:
            self.calls.pop()

    def visit_Arg(self, node: cst.Arg) -> bool:
        visit(node.value, self)  # not the keyword's name (`tqdm(loader, total=n)`)
        return False

    def visit_Attribute(self, node: cst.Attribute) -> bool:
        if self.is_target(node.value):
            self.only_reported = False  # `total.item()`: a method a number does not have
        elif self.is_target(node):
            self.note_use()
        else:
            visit(node.value, self)
        return False

    def visit_Name(self, node: cst.Name) -> None:
        if self.is_target(node):
            self.note_use()

    def note_use(self) -> None:
        if not (self.calls and self.calls[-1]):
            self.only_reported = False
