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

Containers are followed too: a dict, tuple or list built from such tensors (`logs = {"loss": loss}`,
also as a helper returns it, `loss, logs = step(batch)`) holds their graphs, and so does each element a
loop takes from it (`for k, v in parts.items(): totals[k] += v`), the entries written into a dict since it was bound
among them (`metrics = {}; metrics[f"{prefix}nll"] = nll`). A dict whose graph-carrying entry is
replaced by a value without a graph (`out["loss"] = out["loss"].detach()`) before it is kept holds none, nor
does one whose every entry a loop over its keys replaced so (`for k, v in d.items(): d[k] = v.item() * scale`), nor
what is taken from it after that loop, the entries written before it included (`entries_kept`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Iterable, Iterator, Mapping

import libcst as cst

from zerograd_lint.analysis.interpret.flow import Interpreter, PassThrough, joined_by_key
from zerograd_lint.analysis.ir.conditions import literal_of
from zerograd_lint.analysis.ir.file_scope import for_one_file
from zerograd_lint.analysis.ir.index import returns_of
from zerograd_lint.analysis.ir.inlining import own_locals
from zerograd_lint.analysis.ir.names import code_of, dotted_name, source_of
from zerograd_lint.analysis.ir.nodes import (
    Accumulate, Assign, Backward, Branch, Event, Inlined, Loop, Node, Rebind, Step, children, events_in,
)
from zerograd_lint.analysis.ir.roles import loop_elements, tuple_elements
from zerograd_lint.analysis.ir.state_events import names_read
from zerograd_lint.analysis.ir.structure import Structure
from zerograd_lint.analysis.ir.visiting import code_children, visit
from zerograd_lint.analysis.ir.vocabulary import CALL_DEPTH, GRAPHLESS_ATTRIBUTES, REPORTING_CALLS
from zerograd_lint.analysis.questions.dict_entries import mapping_loop
from zerograd_lint.analysis.questions.losses import SCALE_KEEPING

Slot = tuple["cst.CSTNode | None", str]  # (function, name as written); `self.` attributes belong to no one function
Definition = tuple[int, str]  # (the event that set it, the name it set)
Definitions = Mapping[Slot, frozenset[Definition]]  # the definitions that reach a point, per slot
Returned = tuple["cst.CSTNode", "cst.BaseExpression"]  # a value a helper returns, with the scope its names are read in
TENSOR_TYPES = frozenset({"torch.Tensor", "Tensor"})  # the type a value's test names: `isinstance(value, torch.Tensor)`
TENSOR_TESTS = frozenset({"torch.is_tensor", "is_tensor"})
# Types no tensor is an instance of: `isinstance(v, int)` true says `v` holds no graph.
SCALAR_TYPES = frozenset({"int", "float", "bool", "str", "complex", "numbers.Number", "numbers.Real", "numbers.Integral", "Number"})


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
    held, parts = key[0], (f"{name}.", f"{name}[")
    # A copy keeps the slots' hashes (each hash of a slot asks its LibCST node's `__hash__`): only the parts are dropped.
    kept = dict(state)
    for part in [k for k in state if k[0] is held and k[1].startswith(parts)]:
        del kept[part]
    kept[key] = definitions
    return kept


def parts_handed(state: Definitions, scope: cst.CSTNode, argument: str, helper: cst.CSTNode, parameter: str) -> Definitions:
    """The parts of the caller's `argument` (`self.outputs` of `self`) as those of the helper's `parameter` it is handed
    (`runner.outputs` of a hook's `after_train_iter(self, runner)` called with the runner's `self`)."""
    parts = (f"{argument}.", f"{argument}[")
    return {
        slot(helper, parameter + name[len(argument):]): definitions for (held, name), definitions in state.items()
        if name.startswith(parts) and held is slot(scope, name)[0]
    }


@dataclass(frozen=True)
class Rebinding:
    """What a Rebind event binds that ZG602 follows: an entry written (`out["loss"] = value`), or the elements a
    loop takes from collections (`v` of `parts` in `for k, v in parts.items()`)."""

    scope: cst.CSTNode
    names: Mapping[str, str | None]  # the slot bound -> the collection it is an element of (None: an entry)
    value: cst.BaseExpression | None = None  # an entry's new value
    # A helper's parameters -> the caller's scope and the names its argument reads (a name, or the terms of a sum or
    # product of names and numbers, `loss * 1000`): they hold what those hold.
    aliases: Mapping[str, tuple[cst.CSTNode, tuple[str, ...]]] = field(default_factory=dict)
    # A helper's parameters -> the caller's scope and the elements of the list or tuple display written as its
    # argument (`meter.update([coarse * 1000, fine * 1000])`), or of the arguments its `*args` or `**kwargs` gathers
    # (`logger.update(loss=losses)`): a container, whose elements the helper's loops take.
    displays: Mapping[str, tuple[cst.CSTNode, tuple[cst.BaseExpression, ...]]] = field(default_factory=dict)
    # A helper's parameters -> the caller's scope and the collection whose entry it is handed, by a key a loop around
    # takes from it (`meters[k].update(loss_dict[k])` in `for k in loss_dict:`): an element of that collection.
    entries: Mapping[str, tuple[cst.CSTNode, str]] = field(default_factory=dict)
    # The names a loop over a list or tuple display binds -> the names its elements at that position read
    # (`value` of `for name, value in [("mae", mae), ("loss", loss)]`): an element taken from that display.
    displayed: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    # The names a loop binds to the values of a mapping (`v` of `for k, v in metrics.items()`, of `metrics.values()`):
    # the entries written into it under a key since it was bound (`metrics[f"{prefix}nll"] = ...`) are elements too.
    values: frozenset[str] = frozenset()
    # A helper's own locals at its call's entry: unbound, so no definition of an earlier call reaches through them.
    unbound: frozenset[str] = frozenset()


@dataclass
class ReachingDefinitions(PassThrough):
    accumulations: frozenset[int]  # `id()` of the statements that are accumulations, which Accumulate defines
    # Assign id -> for each name it binds, the values the helper whose returns it takes returns for it
    returned: Mapping[int, Mapping[str, tuple[Returned, ...]]]
    rebindings: Mapping[int, Rebinding]  # Rebind id -> what it binds
    before: dict[int, Definitions] = field(default_factory=dict)  # event id -> the definitions reaching it

    def transfer(self, event: Event, state: Definitions) -> Definitions:
        if isinstance(event, (Backward, Accumulate, Assign)) or event.id in self.rebindings:
            previous = self.before.get(event.id)  # states are never changed in place: kept as they are
            self.before[event.id] = state if previous is None else self.join(previous, state)
        if isinstance(event, Assign) and id(event.node) not in self.accumulations:
            incoming = state
            for name in event.names:
                state = define(state, event.scope, name, self.assigned(event, name, incoming))
                state = {**state, **self.parts_returned(event, name, incoming)}
            return state
        if isinstance(event, Accumulate):  # what the accumulator held before is still in it
            held = state.get(slot(event.scope, event.target), frozenset())
            return define(state, event.scope, event.target, held | {(event.id, event.target)})
        if event.id in self.rebindings and id(event.node) not in self.accumulations:  # `d[k] = d[k] + v`: an Accumulate
            rebinding = self.rebindings[event.id]
            for name in (*rebinding.names, *rebinding.displays, *rebinding.entries, *rebinding.displayed):
                state = define(state, rebinding.scope, name, frozenset({(event.id, name)}))
            for name in sorted(rebinding.unbound):
                state = define(state, rebinding.scope, name, frozenset())
            incoming = state
            for name, (scope, arguments) in rebinding.aliases.items():
                state = define(state, rebinding.scope, name, frozenset().union(*(lookup(incoming, scope, a) for a in arguments)))
                if len(arguments) == 1:  # the parts of the one value handed, `runner.outputs` of the caller's `self`
                    state = {**state, **parts_handed(incoming, scope, arguments[0], rebinding.scope, name)}
        return state

    def assigned(self, event: Assign, name: str, state: Definitions) -> frozenset[Definition]:
        """`loss = train_step(batch)` holds what the helper returns (`return loss`): that value's definitions;
        `loss, logs = train_step(batch)` each element of what it returns (`return loss, logs`)."""
        values = self.returned.get(event.id, {}).get(name)
        if values and all(isinstance(value, (cst.Name, cst.Attribute)) for _, value in values):
            found = frozenset().union(*(lookup(state, scope, code_of(value)) for scope, value in values))
            # `loss = summarizer.collect_loss() / n`: the helper's return, and the other terms the assignment reads.
            scaled = not isinstance(getattr(event.node, "value", None), cst.Call)
            return found | {(event.id, name)} if scaled else found
        if isinstance(event.node, cst.AugAssign):  # `loss *= n` changes the tensor in place: still the loss
            return lookup(state, event.scope, name) or frozenset({(event.id, name)})
        return frozenset({(event.id, name)})

    def parts_returned(self, event: Assign, name: str, state: Definitions) -> Definitions:
        """The parts of what a helper returns for `name` as parts of `name` (`metrics["nll"]` of `return loss, metrics`
        for `loss, metrics = ...`): the entries written into the dict it returns."""
        values = self.returned.get(event.id, {}).get(name, ())
        found: Definitions = {}
        for scope, value in values if all(isinstance(value, (cst.Name, cst.Attribute)) for _, value in values) else ():
            returned = code_of(value)
            found = joined_by_key(found, parts_handed(self.entries_kept(state, scope, returned), scope, returned, event.scope, name))
        return found

    def entries_kept(self, state: Definitions, scope: cst.CSTNode, collection: str) -> Definitions:
        """`state` less the entries of the dict `collection` written before a loop over its own keys rewrote every
        entry (`for k, v in d.items(): d[k] = v.detach()`: the Rebinding of the whole dict, `every_entry_rewritten`):
        where such an entry is there to be taken the dict was not empty, so the loop ran (its zero-trip path, which
        the flow joins, cannot hold one). Events are numbered in the order they are written: an entry written before
        the loop has the smaller number."""
        rewrites = [
            d[0] for d in lookup(state, scope, collection)
            if (rebinding := self.rebindings.get(d[0])) is not None and collection in rebinding.names and rebinding.value is not None
        ]
        if not rewrites:
            return state
        first, held, parts = min(rewrites), slot(scope, collection)[0], (f"{collection}.", f"{collection}[")
        return {
            key: frozenset(d for d in definitions if d[0] > first) if key[0] is held and key[1].startswith(parts) else definitions
            for key, definitions in state.items()
        }

    def assume(self, state: Definitions, branch: Branch, truth: bool) -> Definitions:
        """The arm where the test says a name holds no tensor (`isinstance(value, torch.Tensor)` false): nothing it
        held carries a graph there (a metric logger's `if isinstance(v, torch.Tensor): v = v.item()`, else `v` as is)."""
        name = no_tensor_in_arm(branch.test, truth) if branch.test is not None and branch.scope is not None else None
        return define(state, branch.scope, name, frozenset()) if name is not None else state

    def join(self, first: Definitions, second: Definitions) -> Definitions:
        return joined_by_key(first, second)


def no_tensor_in_arm(test: cst.BaseExpression, truth: bool) -> str | None:
    """The name that holds no tensor where `test` is `truth`: `value` of `isinstance(value, torch.Tensor)` (a tuple of
    types with a tensor among them too) or `torch.is_tensor(value)` false, of `isinstance(value, int)` (a number or a
    string, which no tensor is) true, or of `not` one of them the other way."""
    while isinstance(test, cst.UnaryOperation) and isinstance(test.operator, cst.Not):
        test, truth = test.expression, not truth
    if not isinstance(test, cst.Call) or not test.args or test.args[0].keyword is not None:
        return None
    function, value = dotted_name(test.func), dotted_name(test.args[0].value)
    if function == "isinstance" and len(test.args) == 2:
        types = test.args[1].value
        named = [dotted_name(element.value) for element in types.elements] if isinstance(types, cst.Tuple) else [dotted_name(types)]
        if truth:
            return value if all(kind in SCALAR_TYPES for kind in named) else None
        tensor = any(kind in TENSOR_TYPES for kind in named)
    else:
        tensor = function in TENSOR_TESTS and len(test.args) == 1
    return value if tensor and not truth else None


@dataclass(frozen=True)
class Container:
    """A kept dict, tuple or list that holds graphs: which entries (a dict's keys as written, a sequence's
    elements as written) carry them."""

    kind: str  # "dict", "tuple", "list" or "set"
    entries: tuple[str, ...]


@dataclass(frozen=True)
class KeptValue:
    accumulation: Accumulate
    loop: Loop
    backward: Backward  # the backward of the tensor that is kept, or of the loss it is part of
    value: str  # the name added
    is_loss: bool  # the very tensor given to the backward, not a part of it
    container: Container | None = None  # the name holds a container of such tensors, not a tensor


def kept_values(
    block: Node, events: tuple[Event, ...], structure: Structure, runs_model: Callable[[str], bool], root: cst.CSTNode,
    keyed: Mapping[int, frozenset[str]] | None = None, forwards: frozenset[int] = frozenset(),
) -> Iterator[KeptValue]:
    """`runs_model(callee)`: whether a call runs a model (whose output carries an autograd graph); `keyed`: Assign id ->
    the entries its value reads by a registered key (`registered_keys.keyed_reads`); `forwards`: the Assign ids whose
    value runs a model its code's names alone do not show (`facts.resolved_forwards`)."""
    accumulations = [e for e in events if isinstance(e, Accumulate) and not e.no_grad]
    backwards = [(e, loss_name(e)) for e in events if isinstance(e, Backward)]
    if not accumulations or not any(key or isinstance(e.loss, cst.Call) for e, key in backwards):
        return
    domain = ReachingDefinitions(
        frozenset(id(e.node) for e in accumulations), returned_values(block), dict(rebindings_in(block, root))
    )
    Interpreter(domain, Structure()).run(block, {})
    losses, parts = graph_definitions(events, backwards, domain, runs_model, keyed or {}, forwards)
    derived = computed_from_losses(losses, events, domain)
    assigns = {e.id: e for e in events if isinstance(e, Assign)}
    computing = loss_functions(events, backwards, losses)
    loops = training_loops_around(block, None, structure)
    inner_loops = InnerLoops(block)
    backpropagated = backpropagated_names(events, domain)
    holding = Holdings(domain, assigns, losses.keys() | parts.keys(), runs_model)
    graphs = Graphs(losses, parts, holding, computing, runs_model, derived)
    for accumulation in accumulations:
        reaching = domain.before.get(accumulation.id)
        loop, nested = loops.get(accumulation.id, (None, False))
        if reaching is None or loop is None:
            continue
        carried = (accumulation.id, accumulation.target) in lookup(reaching, accumulation.scope, accumulation.target)
        summed = any(slot(accumulation.scope, part) in backpropagated for part in prefixes(accumulation.target))
        if not carried or summed or (nested and reset_in(loop, accumulation)):
            continue  # reset every iteration, or summed to be backpropagated
        found = graphs.kept(accumulation, loop, reaching)
        # In a loop inside the training loop only the elements of a container are followed (`for k, v in
        # parts.items():`), and what the training loop's own iteration computed outside the inner loop (`for m in
        # tasks: y_pred[m].append(outputs[m].cpu())`): any other inner loop that does not train is an evaluation loop.
        if found is not None and (not nested or found[1] or computed_outside(found[0], reaching, loop, inner_loops, structure)):
            yield found[0]


@dataclass(frozen=True)
class Graphs:
    """What carries an autograd graph into a backward, and what holds such values, after the fixpoint."""

    losses: Mapping[Definition, Backward]  # the tensors given to a backward
    parts: Mapping[Definition, Backward]  # model-derived values on the way to one
    holding: "Holdings"
    computing: Mapping[str, Backward]  # the file's loss functions
    runs_model: Callable[[str], bool]
    derived: Mapping[Definition, Backward]  # values computed from a loss by arithmetic (`computed_from_losses`)

    def kept(self, accumulation: Accumulate, loop: Loop, reaching: Definitions) -> tuple[KeptValue, bool] | None:
        """The graph an accumulation keeps, if any, and whether it is an element taken from a container."""
        losses, parts, holding = self.losses, self.parts, self.holding
        for name in sorted(accumulation.values):
            added = lookup(reaching, accumulation.scope, name)
            kept = next((d for d in sorted(added) if d in losses), None) or next((d for d in sorted(added) if d in parts), None)
            derived = next((d for d in sorted(added) if d in self.derived), None) if kept is None else None
            if derived is not None:  # `epoch_loss += avg` after `avg += loss; avg /= n`: the sum keeps each loss's graph
                return KeptValue(accumulation, loop, self.derived[derived], name, False), False
            if kept is not None:
                entry = graph_entry(losses.get(kept), name)  # `out["loss"].backward()`: `out` is a dict
                if entry is None:
                    # `outputs = (logits, aux)` on the way to the loss: a tuple of such tensors, not one.
                    container = holding.container(kept, reaching, accumulation.scope, name) if holding.elements(kept) else None
                    backward = losses.get(kept) or parts[kept]
                    return KeptValue(accumulation, loop, backward, name, kept in losses and container is None, container), False
                if holding.replaced(reaching, accumulation.scope, name, literal_of(entry)):
                    return None
                keys = keys_read(accumulation.added, name)
                if keys and literal_of(entry) not in keys and not any(
                    self.entries_carry(d, keys) for d in sorted(added) if d in losses or d in parts
                ):
                    # `history.append(out["mse"])`: only other entries of the dict (or elements of the tuple) on
                    # every definition that reaches, built without a graph, or of a dict not known (a helper's not
                    # followed) that is no model's output: unknown, silent
                    continue
                # the entries the accumulation reads where they are others than the one given to the backward
                named = sorted(keys) if keys and literal_of(entry) not in keys else [source_of(entry)]
                if isinstance(entry, cst.SimpleString):
                    container = Container("dict", tuple(named))
                else:  # `out[0].backward()`: a sequence
                    kind = holding.display_kind(kept) if holding.elements(kept) else "tuple"
                    container = Container(kind, tuple(f"{name}[{key}]" for key in named))
                return KeptValue(accumulation, loop, losses[kept], name, False, container), False
            entry_loss = self.entry_given_to_backward(accumulation, name, added)
            if entry_loss is not None:  # `history.append(out["loss"])` after `loss = out["loss"]; loss.backward()`
                return KeptValue(accumulation, loop, entry_loss[1], entry_loss[0], True), False
            holder = next((d for d in sorted(added) if holding.held(d)), None)
            if holder is not None:
                inside = sorted(holding.held(holder))
                backward = next((losses[d] for d in inside if d in losses), None) or parts[inside[0]]
                if holding.is_element(holder):  # an element taken from a container: a tensor
                    return KeptValue(accumulation, loop, backward, name, any(d in losses for d in inside)), True
                container = holding.container(holder, reaching, accumulation.scope, name)
                return (KeptValue(accumulation, loop, backward, name, False, container), False) if container else None
        call = accumulation.call
        backward = self.computing.get(dotted_name(call.func) or "") if call is not None else None
        if call is None or backward is None:
            return None
        # A loss function of the file applied to the model's output: the loss again, unnamed.
        added = {d for name in graph_inputs(call) for d in lookup(reaching, accumulation.scope, name)}
        kept = next((d for d in sorted(added) if d in parts), None)
        inline = any(self.runs_model(callee) for argument in call.args for callee in calls_in(argument.value))
        if kept is None and not inline:
            return None
        return KeptValue(accumulation, loop, parts[kept] if kept is not None else backward, source_of(call), False), False

    def entries_carry(self, definition: Definition, keys: frozenset[str]) -> bool:
        """Whether an entry read by one of `keys` of the container `definition` binds carries a graph; for a container
        whose displays are not visible, whether it is a model-derived value itself."""
        holding = self.holding
        if holding.elements(definition):
            return any(holding.entry_carries(definition, key) for key in keys)
        return definition in self.parts

    def entry_given_to_backward(
        self, accumulation: Accumulate, name: str, added: frozenset[Definition]
    ) -> tuple[str, Backward] | None:
        """`out["loss"]` and its backward where the accumulation adds that entry of the dict `name` and a loss given
        to a backward is that very entry, read from the same dict (`loss = out["loss"]`)."""
        keys = keys_read(accumulation.added, name)
        for definition in sorted(self.losses) if keys else ():
            assign = self.holding.assigns.get(definition[0])
            value = getattr(assign.node, "value", None) if assign is not None else None
            if not isinstance(value, cst.Subscript) or code_of(value.value) != name or subscript_key(value) not in keys:
                continue
            if lookup(self.holding.domain.before[assign.id], assign.scope, name) & added:  # type: ignore[union-attr]
                return f"{name}[{source_of(value.slice[0].slice.value)}]", self.losses[definition]  # type: ignore[attr-defined]
        return None


class Holdings:
    """Which definitions hold graph-carrying tensors without being one: a dict, tuple or list built from
    them (`logs = {"loss": loss}`), and each element a loop takes from such a container."""

    def __init__(
        self, domain: ReachingDefinitions, assigns: Mapping[int, Assign], carrying: set[Definition], runs_model: Callable[[str], bool]
    ) -> None:
        self.domain = domain
        self.assigns = assigns
        self.carrying = carrying
        self.runs_model = runs_model
        self.known: dict[Definition, frozenset[Definition]] = {}

    def is_element(self, definition: Definition) -> bool:
        """An element a loop takes from a collection (`v` of `for k, v in parts.items():`)."""
        rebinding = self.domain.rebindings.get(definition[0])
        return rebinding is not None and definition[1] not in rebinding.displays

    def held(self, definition: Definition) -> frozenset[Definition]:
        """The graph-carrying definitions the value of `definition` holds."""
        if definition not in self.known:
            self.known[definition] = frozenset()  # a container that holds itself holds nothing more
            self.known[definition] = frozenset().union(*(self.carried(d) for d in self.parts(definition)))
        return self.known[definition]

    def carried(self, definition: Definition) -> frozenset[Definition]:
        return frozenset({definition}) if definition in self.carrying else self.held(definition)

    def parts(self, definition: Definition) -> set[Definition]:
        """The definitions of what a container's value is built from, or of the collection an element is taken from."""
        event, name = definition
        rebinding = self.domain.rebindings.get(event)
        if rebinding is not None and name in rebinding.entries:
            return set(lookup(self.domain.before[event], *rebinding.entries[name]))
        if rebinding is not None and name in rebinding.displayed:
            return {d for read in rebinding.displayed[name] for d in lookup(self.domain.before[event], rebinding.scope, read)}
        if rebinding is not None and rebinding.value is not None:  # an entry written: what its value reads
            return {d for read in graph_inputs(rebinding.value) for d in lookup(self.domain.before[event], rebinding.scope, read)}
        if rebinding is not None and name not in rebinding.displays:
            collection = rebinding.names.get(name)
            if collection is None:
                return set()
            before = self.domain.before[event]
            kept = self.domain.entries_kept(before, rebinding.scope, collection)
            written = entries_written(kept, rebinding.scope, collection) if name in rebinding.values else set()
            return set(lookup(before, rebinding.scope, collection)) | written
        return {d for element in self.elements(definition) for d in self.reads(definition, element)}

    def displays(self, definition: Definition) -> tuple[tuple[cst.CSTNode, cst.BaseExpression | None], ...]:
        """The (scope, value) of what `definition` binds: the value assigned, or each value a helper returns for the
        name; nothing for a definition that is no assignment."""
        assign = self.assigns.get(definition[0])
        if assign is None:
            return ()
        returned = self.domain.returned.get(assign.id, {})
        if definition[1] in returned:
            return tuple(returned[definition[1]])
        return ((assign.scope, getattr(assign.node, "value", None)),) if len(assign.names) == 1 else ()

    def elements(self, definition: Definition) -> list[tuple[cst.BaseExpression | None, cst.BaseExpression, cst.CSTNode]]:
        """The (key, value, scope) triples of the displays `definition` binds: the value assigned, or what a helper
        returns for the name (no key in a tuple or list; the scope its names are read in)."""
        assign = self.assigns.get(definition[0])
        if assign is None:
            handed = self.handed_display(definition)
            return [(None, value, handed[0]) for value in handed[1]] if handed is not None else []
        found: list[tuple[cst.BaseExpression | None, cst.BaseExpression, cst.CSTNode]] = []
        for scope, value in self.displays(definition):
            if isinstance(value, cst.Dict):
                found += [(e.key, e.value, scope) for e in value.elements if isinstance(e, cst.DictElement)]
            elif isinstance(value, (cst.Tuple, cst.List, cst.Set)):
                found += [(None, e.value, scope) for e in value.elements]
        return found

    def elements_at(
        self, definition: Definition, key: str
    ) -> list[tuple[cst.BaseExpression | None, cst.BaseExpression, cst.CSTNode]] | None:
        """The element at position `key` (an integer literal) of each tuple or list display `definition` binds, as
        `elements` gives them; None where one value's element there is not known (no display, a starred element up
        to it, too few)."""
        if not key.isdigit() or self.handed_display(definition) is not None:
            return []
        found: list[tuple[cst.BaseExpression | None, cst.BaseExpression, cst.CSTNode]] = []
        position = int(key)
        for scope, value in self.displays(definition):
            if isinstance(value, (cst.Dict, cst.Set)):
                continue  # a dict's entries go by key; a set has no position
            if not isinstance(value, (cst.Tuple, cst.List)):
                return None
            leading = value.elements[: position + 1]
            if len(leading) <= position or any(isinstance(e, cst.StarredElement) for e in leading):
                return None
            found.append((None, leading[position].value, scope))
        return found

    def handed_display(self, definition: Definition) -> tuple[cst.CSTNode, tuple[cst.BaseExpression, ...]] | None:
        """The caller's scope and the elements of the display a helper's parameter `definition` binds was handed as
        its argument (or of the arguments its `*args` or `**kwargs` gathers)."""
        rebinding = self.domain.rebindings.get(definition[0])
        return rebinding.displays.get(definition[1]) if rebinding is not None else None

    def display_kind(self, definition: Definition) -> str:
        assign = self.assigns[definition[0]]
        returned = self.domain.returned.get(assign.id, {})
        values = [value for _, value in returned.get(definition[1], ())] or (getattr(assign.node, "value", None),)
        kinds = {cst.Dict: "dict", cst.Tuple: "tuple", cst.List: "list", cst.Set: "set"}
        return next(kinds[type(value)] for value in values if type(value) in kinds)

    def reads(self, definition: Definition, element: tuple[cst.BaseExpression | None, cst.BaseExpression, cst.CSTNode]) -> set[Definition]:
        before = self.domain.before[definition[0]]
        return {d for name in graph_inputs(element[1]) for d in lookup(before, element[2], name)}

    def container(self, definition: Definition, reaching: Definitions, scope: cst.CSTNode, name: str) -> Container | None:
        """The container `definition` assigns, with the entries that still carry a graph where `name` is kept
        (a dict's entry replaced by a detached value no longer does); None when none does, and for a display handed
        to a helper: followed to the elements its loops take, the whole of it added up (`self._sum[0] += values`, a
        meter's arm for one value) is not known to be kept as a container (`0 + [...]` raises)."""
        if self.handed_display(definition) is not None:
            return None
        kind = self.display_kind(definition)
        entries = []
        for element in self.elements(definition):
            if not any(self.carried(d) for d in self.reads(definition, element)) and not any(
                self.runs_model(callee) for callee in calls_in(element[1])
            ):
                continue
            key = element[0]
            if key is None:
                entries.append(source_of(element[1]))
            elif literal_of(key) is None or not self.replaced(reaching, scope, name, literal_of(key)):
                entries.append(source_of(key))
        return Container(kind, tuple(entries)) if entries else None

    def entry_carries(self, definition: Definition, key: str) -> bool:
        """Whether the entry `key` of the display `definition` assigns carries a graph: a dict's entry by that key, a
        tuple's or list's element at that position (`losses[1]` of `return loss, term, term`); True where there is no
        such entry, or one display's element there is not known."""
        entries = [element for element in self.elements(definition) if element[0] is not None and literal_of(element[0]) == key]
        positioned = self.elements_at(definition, key)
        if positioned is None:
            return True
        entries += positioned
        return not entries or any(
            any(self.carried(d) for d in self.reads(definition, element)) or any(self.runs_model(c) for c in calls_in(element[1]))
            for element in entries
        )

    def replaced(self, reaching: Definitions, scope: cst.CSTNode, name: str, key: str | None) -> bool:
        """Whether `name[key]` holds, on every path, a value written since with no graph (`.detach()`, `.item()`)."""
        found = reaching.get(slot(scope, f"{name}[{key}]"))
        return bool(found) and all(
            d[0] in self.domain.rebindings and not graph_inputs(self.domain.rebindings[d[0]].value) for d in found
        )


def entries_written(state: Definitions, scope: cst.CSTNode, collection: str) -> set[Definition]:
    """The definitions of the entries written into `collection` under a key since it was bound, whatever the key
    (`metrics["nll"]`, `metrics[f"{prefix}nll"]`): `define` drops them when the collection is bound anew."""
    held = slot(scope, collection)[0]
    return {
        d for (owner, name), definitions in state.items()
        if owner is held and name.startswith(f"{collection}[") and prefixes(name)[-2] == collection for d in definitions
    }


def keys_read(added: cst.BaseExpression | None, name: str) -> frozenset[str] | None:
    """The literal keys the added value reads the dict `name` by (`"mse"` of `history.append(out["mse"])`); None where
    it reads `name` otherwise (whole, or by a key that is no literal)."""
    if added is None:
        return None
    keys: set[str] = set()
    whole = False

    def walk(node: cst.CSTNode) -> None:
        nonlocal whole
        if isinstance(node, cst.Subscript) and code_of(node.value) == name:
            key = subscript_key(node)
            if key is None:
                whole = True
            else:
                keys.add(key)
            return
        if isinstance(node, (cst.Name, cst.Attribute)) and code_of(node) == name:
            whole = True
            return
        for child in code_children(node):
            walk(child)

    walk(added)
    return None if whole or not keys else frozenset(keys)


def graph_entry(backward: Backward | None, name: str) -> cst.BaseExpression | None:
    """`"loss"` when the backward is called on `name["loss"]` (`0` on `name[0]`): the key of the entry of the
    container `name` that carries the graph."""
    loss = backward.loss if backward is not None else None
    if not (isinstance(loss, cst.Subscript) and code_of(loss.value) == name and len(loss.slice) == 1):
        return None
    index = loss.slice[0].slice
    return index.value if isinstance(index, cst.Index) and literal_of(index.value) is not None else None


def rebindings_in(
    node: Node, scope: cst.CSTNode, keys: Mapping[str, str] | None = None, literals: Mapping[str, str] | None = None
) -> Iterator[tuple[int, Rebinding]]:
    """The Rebind events ZG602 follows, each with what it binds: entries written with a literal key
    (`out["loss"] = ...`, or a helper's parameter the call binds to a literal and the helper never binds again:
    `self.metrics[name] = ...` of `update_metric("per_token_loss", ...)`; `literals`), the whole dict where a loop
    over its keys writes each entry without a graph (`d[k] = v.item()` in `for k, v in d.items():`; `keys`: each loop
    key around the node -> the dict it takes the keys of; after the loop every entry is replaced, a `break` aside),
    loops' elements of collections (`for k, v in parts.items():`), and an inlined call's entry: what its parameters
    hold, and its own locals unbound."""
    keys, literals = keys or {}, literals or {}
    if isinstance(node, Rebind):
        statement = node.node
        if isinstance(statement, cst.Assign) and len(statement.targets) == 1:
            target = statement.targets[0].target
            key = subscript_key(target) or parameter_key(target, literals)
            if key is not None:
                yield node.id, Rebinding(scope, {f"{code_of(target.value)}[{key}]": None}, statement.value)
            elif every_entry_rewritten(target, keys):
                yield node.id, Rebinding(scope, {code_of(target.value): None}, statement.value)
            elif is_entry(target):  # under a key that is no literal, as written: an element of the mapping all the same
                yield node.id, Rebinding(scope, {code_of(target): None}, statement.value)
        return
    if isinstance(node, Event):
        return
    if isinstance(node, Loop) and isinstance(node.node, cst.For):
        taken = mapping_loop(node.node.target, node.node.iter)
        keys = {**keys, taken.key: taken.mapping} if taken is not None and taken.key is not None else keys
        elements = {name: collection_name(collection) for name, collection in loop_elements(node.node.target, node.node.iter).items()}
        names = {name: collection for name, collection in elements.items() if collection is not None}
        if names:
            values = frozenset(name for name in names if names[name] in mappings_valued(node.node.iter))
            for item in node.body.items:
                if isinstance(item, Rebind) and item.node is node.node.target:
                    yield item.id, Rebinding(scope, names, values=values)
        displayed = displayed_terms(node.node.target, node.node.iter)
        if displayed:
            for item in node.body.items:
                if isinstance(item, Rebind) and item.node is node.node.target:
                    yield item.id, Rebinding(scope, {}, displayed=displayed)
    if isinstance(node, Inlined) and node.body.items and isinstance(entry := node.body.items[0], Rebind) and entry.node is node.call:
        aliases = {name: (scope, terms) for name, argument in node.arguments if (terms := arithmetic_terms(argument))}
        displays = {
            name: (scope, tuple(element.value for element in argument.elements))
            for name, argument in node.arguments if isinstance(argument, (cst.List, cst.Tuple))
        }
        displays.update((name, (scope, values)) for name, values in node.gathered)
        entries = {name: (scope, collection) for name, argument in node.arguments if (collection := entry_of(argument, keys))}
        unbound = own_locals(node.function) if isinstance(node.function, cst.FunctionDef) else frozenset()
        if aliases or displays or entries or unbound:
            yield entry.id, Rebinding(node.function, {}, aliases=aliases, displays=displays, entries=entries, unbound=unbound)
    if isinstance(node, Inlined):
        literals = literal_parameters(node)
    for child in children(node):
        yield from rebindings_in(child, node.function if isinstance(node, Inlined) else scope, keys, literals)


def displayed_terms(target: cst.BaseExpression, iterable: cst.BaseExpression) -> dict[str, tuple[str, ...]]:
    """The names a loop over a list or tuple display binds, each with the names and attributes the display's elements
    at its position are (`arithmetic_terms`; a literal is none): `value` of `for name, value in [("mae", mae), ("loss",
    self.batch_loss)]` is `mae` in one iteration and `self.batch_loss` in the next, each an element taken from the display."""
    if not isinstance(iterable, (cst.List, cst.Tuple)) or any(isinstance(e, cst.StarredElement) for e in iterable.elements):
        return {}
    found: dict[str, tuple[str, ...]] = {}
    for element in iterable.elements:
        for name, value in unpacked_pairs(target, element.value):
            found[name] = found.get(name, ()) + tuple(term for term in arithmetic_terms(value) if term not in {"None", "True", "False"})
    return {name: terms for name, terms in found.items() if terms}


def unpacked_pairs(target: cst.BaseExpression, value: cst.BaseExpression) -> list[tuple[str, cst.BaseExpression]]:
    """Each name of a loop's target with the part of one element it binds (`name, value` of `("loss", loss)`); none
    where the element is not a display of the target's width."""
    if isinstance(target, cst.Name):
        return [(target.value, value)]
    widths_agree = (
        isinstance(target, (cst.Tuple, cst.List)) and isinstance(value, (cst.Tuple, cst.List))
        and len(target.elements) == len(value.elements)
        and not any(isinstance(e, cst.StarredElement) for e in (*target.elements, *value.elements))
    )
    if not widths_agree:
        return []
    return [pair for t, v in zip(target.elements, value.elements) for pair in unpacked_pairs(t.value, v.value)]  # type: ignore[union-attr]


def literal_parameters(helper: Inlined) -> dict[str, str]:
    """The helper's parameters its call binds to a literal (`name` of `update_metric("per_token_loss", ...)`) that its
    code never binds again: each with that literal, as `literal_of` writes it."""
    bound = {name for e in events_in(helper.body) if isinstance(e, Assign) and e.scope is helper.function for name in e.names}
    return {
        name: literal for name, argument in helper.arguments
        if (literal := literal_of(argument)) is not None and name not in bound
    }


def parameter_key(target: cst.BaseExpression, literals: Mapping[str, str]) -> str | None:
    """`'per_token_loss'` of `self.metrics[name]` where the helper's parameter `name` holds that literal."""
    if not (isinstance(target, cst.Subscript) and len(target.slice) == 1 and isinstance(target.slice[0].slice, cst.Index)):
        return None
    key = target.slice[0].slice.value
    return literals.get(key.value) if isinstance(key, cst.Name) and dotted_name(target.value) else None


def arithmetic_terms(value: cst.BaseExpression) -> tuple[str, ...]:
    """The names and attributes a value is, slices, or adds, multiplies or negates with numbers (`loss * 1000`, `-kl`,
    `logits[:n]`): the tensors whose graph it carries; none for any other expression (a call may return a number:
    `accuracy(out, y)`; an entry read by a key, `out["acc"]`, is not the whole `out`; nor is a graphless attribute,
    `loss.data` handed to a meter, the tensor `loss`)."""
    if isinstance(value, cst.Attribute) and value.attr.value in GRAPHLESS_ATTRIBUTES:
        return ()
    if isinstance(value, (cst.Name, cst.Attribute)):
        return (code_of(value),)
    if isinstance(value, cst.Subscript) and any(isinstance(element.slice, cst.Slice) for element in value.slice):
        return arithmetic_terms(value.value)
    if isinstance(value, cst.UnaryOperation):
        return arithmetic_terms(value.expression)
    if isinstance(value, cst.BinaryOperation):
        left, right = arithmetic_terms(value.left), arithmetic_terms(value.right)
        numbers = (cst.Integer, cst.Float)
        if (left or isinstance(value.left, numbers)) and (right or isinstance(value.right, numbers)):
            return (*left, *right)
    return ()


def entry_of(value: cst.BaseExpression, keys: Mapping[str, str]) -> str | None:
    """`d` of `d[k]` where `k` is the key a loop around takes from `d`: each of its entries in turn."""
    if not (isinstance(value, cst.Subscript) and len(value.slice) == 1 and isinstance(value.slice[0].slice, cst.Index)):
        return None
    key = value.slice[0].slice.value
    collection = dotted_name(value.value)
    return collection if isinstance(key, cst.Name) and collection is not None and keys.get(key.value) == collection else None


def every_entry_rewritten(target: cst.BaseExpression, keys: Mapping[str, str]) -> bool:
    """`d[k] = v.detach() * scale` where `k` is the key a loop around takes from `d`: each entry written anew, the
    whole dict holding what the new values read (a number `scale`: no graph)."""
    if not (isinstance(target, cst.Subscript) and len(target.slice) == 1 and isinstance(target.slice[0].slice, cst.Index)):
        return False
    key = target.slice[0].slice.value
    return isinstance(key, cst.Name) and keys.get(key.value) == dotted_name(target.value)


def is_entry(target: cst.BaseExpression) -> bool:
    """`metrics[key]`: one entry of a named collection, under one key (no slice)."""
    return (
        isinstance(target, cst.Subscript) and len(target.slice) == 1 and isinstance(target.slice[0].slice, cst.Index)
        and dotted_name(target.value) is not None
    )


def mappings_valued(iterable: cst.BaseExpression) -> set[str]:
    """The mappings a loop's iterable takes the values of: `metrics` of `metrics.items()` or `metrics.values()`, also
    inside `enumerate(...)` or `zip(...)` (a plain `for k in metrics:` takes its keys)."""
    if not isinstance(iterable, cst.Call):
        return set()
    if isinstance(iterable.func, cst.Attribute) and iterable.func.attr.value in {"items", "values"} and not iterable.args:
        mapping = dotted_name(iterable.func.value)
        return {mapping} if mapping is not None else set()
    if dotted_name(iterable.func) in {"enumerate", "zip"}:
        return set().union(*(mappings_valued(argument.value) for argument in iterable.args))
    return set()


def subscript_key(target: cst.BaseExpression) -> str | None:
    """`'loss'` of `out["loss"]`: a literal key, as `literal_of` writes it."""
    return literal_of(target.slice[0].slice.value) if is_entry(target) else None  # type: ignore[attr-defined]


def collection_name(collection: cst.BaseExpression) -> str | None:
    """`parts` of `parts`, `parts.values()`: the container a loop takes elements from."""
    if isinstance(collection, cst.Call) and isinstance(collection.func, cst.Attribute) and collection.func.attr.value == "values":
        collection = collection.func.value
    return dotted_name(collection)


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


# A loss's methods whose value keeps its graph: those keeping its scale (`loss.mean()`, `loss.clone()`) and the moves
# to a device (`loss.to(device)`).
GRAPH_KEEPING_METHODS = SCALE_KEEPING | {"to", "cuda", "cpu"}


def computed_from_losses(
    losses: Mapping[Definition, Backward], events: tuple[Event, ...], domain: ReachingDefinitions
) -> dict[Definition, Backward]:
    """The values computed from a loss given to a backward (or from such a value) by arithmetic alone, with autograd
    recording: `avg += loss`, `avg /= n`, `mean = total / count`. Each carries the loss's graph wherever it is kept
    (KD_Lib's DML adds each batch's `avg_student_loss`, a sum of the students' losses divided by their number, into the
    epoch's `epoch_loss`). A value any other call makes (`accuracy(loss, ...)`, a helper's) is not known to carry it."""
    candidates: list[tuple[Definition, frozenset[Definition]]] = []
    for event in events:
        before = domain.before.get(event.id)
        if before is None or getattr(event, "no_grad", True):
            continue
        if isinstance(event, Accumulate) and event.added is not None and plain_arithmetic(event.added):
            names = {event.target} | set(event.values)
            candidates.append(((event.id, event.target), frozenset(d for name in names for d in lookup(before, event.scope, name))))
        elif isinstance(event, Assign) and event.id in domain.returned:  # `loss, rest = self.train_epoch()`
            for name, values in domain.returned[event.id].items():
                if name not in event.without_graph and all(plain_arithmetic(value) for _, value in values):
                    inputs = frozenset(d for scope, value in values for each in graph_inputs(value) for d in lookup(before, scope, each))
                    candidates.append(((event.id, name), inputs))  # `return mean_loss / n_batches, rest`
        elif isinstance(event, Assign) and len(event.names) == 1 and not event.without_graph:
            statement, name = event.node, next(iter(event.names))
            value = getattr(statement, "value", None)
            if value is None or not plain_arithmetic(value) or not isinstance(statement, (cst.Assign, cst.AugAssign)):
                continue
            names = graph_inputs(value) | ({name} if isinstance(statement, cst.AugAssign) else set())  # `avg /= n` keeps `avg`'s
            candidates.append(((event.id, name), frozenset(d for each in names for d in lookup(before, event.scope, each))))
    found: dict[Definition, Backward] = dict(losses)
    grew = True
    while grew:
        grew = False
        for definition, inputs in candidates:
            source = next((found[d] for d in sorted(inputs) if d in found), None) if definition not in found else None
            if source is not None:
                found[definition] = source
                grew = True
    return {definition: backward for definition, backward in found.items() if definition not in losses}


def plain_arithmetic(value: cst.BaseExpression) -> bool:
    """Names, their items and attributes, numbers, and arithmetic of them, through a tensor's graph-keeping methods and
    `len(...)`: a value whose graph is that of the names it reads (none of a call whose result is not known)."""
    if isinstance(value, (cst.Name, cst.Integer, cst.Float)):
        return True
    if isinstance(value, (cst.Attribute, cst.Subscript)):
        return plain_arithmetic(value.value)
    if isinstance(value, cst.BinaryOperation):
        return plain_arithmetic(value.left) and plain_arithmetic(value.right)
    if isinstance(value, cst.UnaryOperation):
        return not isinstance(value.operator, cst.Not) and plain_arithmetic(value.expression)
    if isinstance(value, cst.Call) and not any(a.star for a in value.args):
        func = value.func
        if isinstance(func, cst.Name) and func.value == "len":
            return True
        return (
            isinstance(func, cst.Attribute) and func.attr.value in GRAPH_KEEPING_METHODS and plain_arithmetic(func.value)
            and all(plain_arithmetic(a.value) or isinstance(a.value, cst.SimpleString) for a in value.args)
        )
    return False


def graph_definitions(
    events: tuple[Event, ...], backwards: list[tuple[Backward, str | None]], domain: ReachingDefinitions,
    runs_model: Callable[[str], bool], keyed: Mapping[int, frozenset[str]], forwards: frozenset[int] = frozenset(),
) -> tuple[dict[Definition, Backward], dict[Definition, Backward]]:
    """The definitions whose tensor carries an autograd graph into a backward: the losses given to it,
    and the parts of a loss computed from a model's output on the way (`out = model(x)`,
    `recon = F.mse_loss(out, x)` for `loss = recon + kl`), not data such as targets or masks; on the way too, what an
    accumulator adds (`loss += value * weight`) and an entry written under a key that a read by a registered key
    (`keyed`) takes back (`self.metrics[name] = (value, weight)`)."""
    losses: dict[Definition, Backward] = {}
    computed_in_place: dict[Definition, Backward] = {}  # what `criterion(out, y).backward()` computes its loss from
    for backward, loss in backwards:
        if backward.id not in domain.before:
            continue
        if loss is not None:
            losses.update((d, backward) for d in lookup(domain.before[backward.id], backward.scope, loss))
        if isinstance(backward.loss, (cst.Call, cst.BinaryOperation)):  # `(actor_loss + 0.5 * critic_loss).backward()`
            for name in graph_inputs(backward.loss) - {loss}:
                computed_in_place.update((d, backward) for d in lookup(domain.before[backward.id], backward.scope, name))
    assigns = {e.id: e for e in events if isinstance(e, Assign) and e.id in domain.before}
    losses.update(copies_of(losses, assigns.values(), domain))
    added = {e.id: e for e in events if isinstance(e, Accumulate) and e.id in domain.before}
    wholes: dict[Definition, set[Definition]] = {}  # a part a function returns -> what it returns computed from it

    def inputs(definition: Definition) -> set[Definition]:
        """The definitions whose graph the assigned value carries on (not `x.shape[0]`, `y.argmax()`)."""
        if definition[0] in added:  # what the accumulator held, and what it adds
            accumulation = added[definition[0]]
            before = domain.before[accumulation.id]
            held = lookup(before, accumulation.scope, accumulation.target) - {definition}
            # What the added value carries the graph of, as an assignment's (`loss += criterion(outputs[m], y[m])`).
            names = accumulation.values | (graph_inputs(accumulation.added) if accumulation.added is not None else set())
            return set(held) | {d for name in names for d in lookup(before, accumulation.scope, name)}
        rebinding = domain.rebindings.get(definition[0])
        if rebinding is not None and rebinding.value is not None:  # an entry written: `self.metrics[name] = (value, weight)`
            before = domain.before[definition[0]]
            return {d for name in graph_inputs(rebinding.value) for d in lookup(before, rebinding.scope, name)}
        assign = assigns.get(definition[0])
        value = getattr(assign.node, "value", None) if assign is not None else None
        if value is None or definition[1] in assign.without_graph:  # type: ignore[union-attr]
            return set()
        reaching = domain.before[assign.id]
        # `total, parts = f(...)`: what `parts` is bound to there is part of `total`, and carries its graph.
        parts = {d for name, part in assign.parts if name == definition[1] for d in domain.assigned(assign, part, reaching)}
        for part in parts:
            wholes.setdefault(part, set()).add(definition)
        entries = {d for entry in keyed.get(assign.id, ()) for d in lookup(reaching, assign.scope, entry)}
        # `losses, _ = self.compute_loss(batch)`: what the helper's returns give the name, read in the helper's scope.
        returned = {
            d for scope, given in domain.returned.get(assign.id, {}).get(definition[1], ())
            for name in graph_inputs(given) for d in lookup(reaching, scope, name)
        }
        return parts | entries | returned | {d for name in graph_inputs(value) for d in lookup(reaching, assign.scope, name)}

    def computes(definition: Definition) -> tuple[bool, Iterable[str]] | None:
        """Whether the value of `definition` is computed under `torch.no_grad()`, and what it calls."""
        if definition[0] in assigns:
            assign = assigns[definition[0]]
            return assign.no_grad or definition[1] in assign.without_graph, assign.callees
        if definition[0] in added:
            accumulation = added[definition[0]]
            return accumulation.no_grad, list(calls_in(accumulation.added)) if accumulation.added is not None else ()
        # An entry written carries a graph through what it reads only: a Rebind does not say whether it runs under
        # `torch.no_grad()`.
        rebinding = domain.rebindings.get(definition[0])
        return (False, ()) if rebinding is not None and rebinding.value is not None else None

    ingredients = {**computed_in_place, **losses}
    pending = list(ingredients)
    while pending:
        definition = pending.pop()
        for found in inputs(definition) - ingredients.keys():
            ingredients[found] = ingredients[definition]
            pending.append(found)
    # `embed, logits = net(x)` with `logits` on the way: `embed`, which the forward computes from its parameters too,
    # carries the same graph
    for definition, backward in sorted(ingredients.items(), key=lambda item: item[0]):
        assign = assigns.get(definition[0])
        for sibling in sorted(assign.with_graph - {definition[1]}) if assign is not None and definition[1] in assign.with_graph else ():
            ingredients.setdefault((assign.id, sibling), backward)
    # `loss, dist = self.triplet_loss(F0, F1)`: `dist`, which the helper computes from the features it was handed,
    # carries their graph where they carry one
    handed = [
        ((assign.id, name), lookup(domain.before[assign.id], assign.scope, source))
        for assign in assigns.values() if not assign.no_grad
        for name, argument in assign.handed_graph if name not in assign.without_graph
        for source in sorted(graph_inputs(argument))
    ]
    carrying: set[Definition] = set()
    grew = True
    while grew:
        grew = False
        for definition in ingredients.keys() - carrying:
            computed = computes(definition)
            if computed is not None and not computed[0] and (
                any(runs_model(callee) for callee in computed[1]) or definition[0] in forwards
                or inputs(definition) & carrying or wholes.get(definition, set()) & carrying
            ):
                carrying.add(definition)
                grew = True
        for definition, sources in handed:
            if definition not in carrying and (carried := sorted(sources & carrying)):
                ingredients.setdefault(definition, ingredients[carried[0]])
                carrying.add(definition)
                grew = True
    return losses, {d: ingredients[d] for d in carrying}


def copies_of(
    losses: Mapping[Definition, Backward], assigns: Iterable[Assign], domain: ReachingDefinitions
) -> dict[Definition, Backward]:
    """The names bound to the very tensor a backward is called on, by a plain copy that a path from the loss reaches
    (`self.batch_loss = loss`, read back by a logging method; `last = loss`): each holds that tensor and its graph."""
    copies = [
        (assign, target, source) for assign in assigns
        if isinstance(value := getattr(assign.node, "value", None), (cst.Name, cst.Attribute)) and not assign.no_grad
        and len(assign.names) == 1 and (source := dotted_name(value)) is not None
        for target in assign.names
    ]
    found: dict[Definition, Backward] = {}
    grew = True
    while grew:  # a copy of a copy
        grew = False
        for assign, target, source in copies:
            if (assign.id, target) in losses or (assign.id, target) in found:
                continue
            # the copied name's own definitions, not those of an object it is part of (`loss.data` is no copy)
            own = domain.before[assign.id].get(slot(assign.scope, source), frozenset())
            held = next((d for d in sorted(own) if d in losses or d in found), None)
            if held is not None:
                found[(assign.id, target)] = losses[held] if held in losses else found[held]
                grew = True
    return found


# Calls that carry no autograd graph.
GRAPHLESS_METHODS = frozenset(
    """item detach size numel dim argmax argmin argsort long int bool tolist numpy nonzero eq ne lt le gt ge
    isnan isfinite isinf sign round floor ceil""".split()
)
GRAPHLESS_FUNCTIONS = frozenset({"int", "float", "bool", "len", "str", "round", "isinstance", "range", "id"})


def graph_inputs(node: cst.CSTNode) -> set[str]:
    """The names whose autograd graph a value may carry on: `out` in `F.mse_loss(out, x)`, `out.logits` or
    `out[:, :n]`, nothing in `out.shape[0]`, `out.argmax(-1)`, `len(out)` or a comparison."""
    if isinstance(node, cst.Name):
        return {node.value}
    if isinstance(node, cst.Attribute):
        return set() if node.attr.value in GRAPHLESS_ATTRIBUTES else graph_inputs(node.value)
    if isinstance(node, cst.Subscript):  # an index carries no gradient: `x[:, :model.config.block_size]` is `x`'s graph
        return graph_inputs(node.value)
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


def returned_values(node: Node) -> dict[int, dict[str, tuple[Returned, ...]]]:
    """Assignments of what an inlined helper returns (`loss = train_step(batch)`, `loss, logs = train_step(batch)`
    after the helper's body): Assign id -> for each name bound the values its returns give it (`returned_by`); and
    the tuple target that, after the helper's body, unpacks an attribute the helper's code bound once to a display
    (`self.calc_gradients(batch)` then `policy_loss, _ = self.train_result`: `display_bound`)."""
    found: dict[int, dict[str, tuple[Returned, ...]]] = {}
    if isinstance(node, Event):
        return found
    items = list(children(node))
    for position, item in enumerate(items):
        found.update(returned_values(item))
        if not isinstance(item, Inlined):
            continue
        for later in items[position + 1 :]:
            if isinstance(later, Inlined):
                break  # another helper's code may bind the attribute anew
            value = getattr(later.node, "value", None) if isinstance(later, Assign) else None
            if scaled_call(value) is item.call:
                values = values_returned(later.node, returned_by(item))
                if values:
                    found[later.id] = values
                break
            unpacked = values_returned(later.node, ((item, value),)) if isinstance(value, cst.Attribute) and is_tuple_target(later.node) else {}
            if unpacked:  # the display the helper's code bound the attribute to, element by element
                found[later.id] = unpacked
    return found


ARITHMETIC = (cst.Add, cst.Subtract, cst.Multiply, cst.Divide)


def scaled_call(value: cst.BaseExpression | None) -> cst.BaseExpression | None:
    """The value itself where it is a call, else the first call among the terms of its arithmetic (`collect_loss()` of
    `collect_loss() / self.n`): that call's result carries its graph into the value."""
    if isinstance(value, cst.Call):
        return value
    if isinstance(value, cst.UnaryOperation) and isinstance(value.operator, cst.Minus):
        return scaled_call(value.expression)
    if isinstance(value, cst.BinaryOperation) and isinstance(value.operator, ARITHMETIC):
        return scaled_call(value.left) or scaled_call(value.right)
    return None


def is_tuple_target(statement: cst.CSTNode) -> bool:
    """`a, b = ...`: one target, a tuple or a list."""
    targets = statement.targets if isinstance(statement, cst.Assign) else ()
    return len(targets) == 1 and tuple_elements(targets[0].target) is not None


returned_expressions = for_one_file(returns_of)


def returned_by(helper: Inlined, depth: int = 0) -> tuple[tuple[Inlined, cst.BaseExpression], ...]:
    """The values an inlined helper returns, each with the inlined helper whose code returns it: the returns of a helper
    it returns the call of (`return self.calc_gradients(batch)`, `CALL_DEPTH` helpers deep)."""
    found: list[tuple[Inlined, cst.BaseExpression]] = []
    for value in returned_expressions(helper.function):
        inner = next((n for n in inlined_in(helper.body) if n.call is value), None)
        found += returned_by(inner, depth + 1) if inner is not None and depth < CALL_DEPTH else [(helper, value)]
    return tuple(found)


def inlined_in(node: Node) -> Iterator[Inlined]:
    """The helpers inlined in the node, at any depth."""
    for child in children(node):
        if isinstance(child, Inlined):
            yield child
        yield from inlined_in(child)


def display_bound(helper: Inlined, value: cst.BaseExpression) -> Returned | None:
    """The tuple or list display that the name `value` (of the helper's code) is bound to by the one assignment of it
    in the code inlined for the helper (a local of the helper's own, or an attribute of `self`), with that
    assignment's scope: `self.train_result = (actor_loss, critic_loss)` of an override the helper calls."""
    if not isinstance(value, (cst.Name, cst.Attribute)):
        return None
    name = code_of(value)
    assigns = [
        e for e in events_in(helper.body)
        if isinstance(e, Assign) and name in e.names and (name.startswith("self.") or e.scope is helper.function)
    ]
    bound = getattr(assigns[0].node, "value", None) if len(assigns) == 1 else None
    return (assigns[0].scope, bound) if isinstance(bound, (cst.Tuple, cst.List)) else None


def values_returned(statement: cst.CSTNode, values: tuple[tuple[Inlined, cst.BaseExpression], ...]) -> dict[str, tuple[Returned, ...]]:
    """Each name `statement` binds, and the values the returns `values` give it, each with the scope its names are
    read in (`loss` and `logs` of `return loss, logs` for `loss, logs = ...`; for a tuple target, a returned name
    stands for the display it is bound to, `display_bound`)."""
    targets = statement.targets if isinstance(statement, cst.Assign) else ()
    if not values or len(targets) != 1:
        return {}
    target = targets[0].target
    if isinstance(target, (cst.Name, cst.Attribute)):
        pairs = [(target, (helper.function, value)) for helper, value in values]
    else:
        elements = tuple_elements(target)
        displays = [(helper.function, value) if tuple_elements(value) is not None else display_bound(helper, value) for helper, value in values]
        returned = [(display[0], tuple_elements(display[1])) if display is not None else (None, None) for display in displays]
        if elements is None or any(r is None or len(r) != len(elements) for _, r in returned):
            return {}
        pairs = [(element, (scope, r[position])) for scope, r in returned for position, element in enumerate(elements)]  # type: ignore[index]
    found: dict[str, tuple[Returned, ...]] = {}
    for name, value in pairs:
        if isinstance(name, (cst.Name, cst.Attribute)):
            found[code_of(name)] = (*found.get(code_of(name), ()), value)
    return found


def backpropagated_names(events: tuple[Event, ...], reaching: ReachingDefinitions) -> set[Slot]:
    """The names a backward's loss is computed from, through the assignments that reach it: an accumulator among
    them is summed on purpose (`total = total + loss` ... `total.backward()`). An assignment that never reaches a
    backward computes nothing it backpropagates (`loss = sum(losses)` after the chunk loop, only logged: the next
    batch's chunk loop binds `loss` again before its backward). Followed within each function: what a helper's
    parameter was handed is its caller's to say (`buffer.sample()` in the update is no sum of the caller's buffer)."""
    sources = {e.id: e for e in events if isinstance(e, (Assign, Accumulate))}
    found: set[Slot] = set()
    stack: list[tuple[int, cst.CSTNode, str]] = [
        (event.id, event.scope, name) for event in events if isinstance(event, Backward) and event.loss is not None
        for name in names_read(event.loss)
    ]
    seen: set[tuple[int, cst.CSTNode, str]] = set()
    while stack:
        read = stack.pop()
        if read in seen:
            continue
        seen.add(read)
        at, scope, name = read
        found.add(slot(scope, name))
        for definition, _ in lookup(reaching.before.get(at, {}), scope, name):
            source = sources.get(definition)
            if source is None or source.scope is not scope:
                continue
            if isinstance(source, Assign):
                stack.extend((source.id, source.scope, use) for use in source.uses)
            elif isinstance(source, Accumulate):  # `loss += loss_mask`: what it adds, and what it held before
                stack.extend((source.id, source.scope, use) for use in (*source.values, source.target))
    return found


def training_loops_around(node: Node, around: tuple[Loop, bool] | None, structure: Structure) -> dict[int, tuple[Loop, bool]]:
    """Event id -> the innermost training loop around it, and whether another loop sits between them
    (`for k, v in parts.items():` inside the batch loop). A loop of micro-batches (a backward in its body, the step
    after it or in the caller: RULES.md's accumulation) trains too: what it adds up outlives each micro-batch."""
    found: dict[int, tuple[Loop, bool]] = {}
    if isinstance(node, Event):
        if around is not None:
            found[node.id] = around
        return found
    for child in children(node):
        inner = around
        if isinstance(node, Loop) and child is node.body:
            inner = (node, False) if Backward in structure.kinds(node.body) else (around[0], True) if around is not None else None
        found.update(training_loops_around(child, inner, structure))
    return found


class InnerLoops:
    """The loops around each event, outermost first, and the events each loop's body holds, found once, when first
    asked (most blocks keep nothing in an inner loop)."""

    def __init__(self, block: Node) -> None:
        self.block = block
        self.around: dict[int, tuple[Loop, ...]] | None = None
        self.held: dict[int, frozenset[int]] = {}

    def walk(self, node: Node, around: tuple[Loop, ...], found: dict[int, tuple[Loop, ...]]) -> None:
        if isinstance(node, Event):
            found[node.id] = around
            return
        for child in children(node):
            self.walk(child, (*around, node) if isinstance(node, Loop) and child is node.body else around, found)

    def inside(self, event: int, loop: Loop) -> Loop | None:
        """The loop right inside `loop` around the event, if any."""
        if self.around is None:
            self.around = {}
            self.walk(self.block, (), self.around)
        around = self.around.get(event, ())
        position = next((i for i, each in enumerate(around) if each is loop), None)
        return around[position + 1] if position is not None and position + 1 < len(around) else None

    def events_of(self, loop: Loop) -> frozenset[int]:
        if id(loop) not in self.held:
            self.held[id(loop)] = frozenset(e.id for e in events_in(loop.body))
        return self.held[id(loop)]


def computed_outside(kept: KeptValue, reaching: Definitions, loop: Loop, inner_loops: InnerLoops, structure: Structure) -> bool:
    """Whether every definition of the kept name that reaches an accumulation in a loop inside the training loop
    `loop` was made by the training loop's body outside that inner loop: the inner loop hands on what the training
    iteration computed (its forward's output), it evaluates nothing of its own. Only where the training loop steps:
    a loop of backwards whose step is its caller's (ReStyle's refinement passes over one batch, the outputs kept for
    that batch's images) keeps them for one update, not one more every step."""
    inner = inner_loops.inside(kept.accumulation.id, loop)
    if inner is None or Step not in structure.kinds(loop.body):
        return False
    definitions = lookup(reaching, kept.accumulation.scope, kept.value)
    inside, training = inner_loops.events_of(inner), inner_loops.events_of(loop)
    return bool(definitions) and all(event in training and event not in inside for event, _ in definitions)


def reset_in(loop: Loop, accumulation: Accumulate) -> bool:
    """Whether the loop's body assigns the accumulator anew (`totals = {}`): what is added does not outlive it. An
    augmented assignment adds to what is there (a meter's `self._sum[0] += value` beside its `self._sum[idx] += v`)."""
    parts = set(prefixes(accumulation.target))
    return any(
        isinstance(e, Assign) and e.scope is accumulation.scope and e.names & parts and e.node is not accumulation.node
        and not isinstance(e.node, cst.AugAssign)
        for e in events_in(loop.body)
    )


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
