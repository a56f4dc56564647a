"""What each element of the tuple a function returns carries: the autograd graph of a module's parameters, none, or
not known.

A call's result is read as carrying the graph of every model it runs (`facts.Sources`, `facts.forward_feeds`,
`kept_values.graph_definitions`). Where the called function is visible (a model's `forward`, of the file or of the
project, followed into the classes its submodules are built from), each element of the tuple it hands back is read
from its `return`: an element that is a comparison, `.detach()`, an integer or bool tensor, a new tensor, a literal or
a value made under `torch.no_grad()` carries none (transformer-vocos's generator handing back `(wav, (covered >
0).to(torch.float32))`: `wav * mask` reaches no generator parameter); one computed from a call of a parametric
submodule, or from a parameter, carries it (an embedding returned beside the logits); anything else is not known, and
today's reading stands.

A name is read through the assignment that last bound it among the function's top-level statements, where no
statement between rebinds it (a parameter `mask` rebound by `audio, mask = self.istft(spec, mask)`); else through every
value the statements up to the reading one bind it to (a value put into it too: `outs.append(v)`, `outs[i] = v`,
`x.mul_(v)`), flow-insensitively.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from enum import IntEnum
from typing import Sequence

import libcst as cst

from zerograd_lint.analysis.ir.file_scope import for_one_file
from zerograd_lint.analysis.ir.index import ModuleIndex, statements_of, suites
from zerograd_lint.analysis.ir.inlining import parameters_of
from zerograd_lint.analysis.ir.names import arguments_by_parameter, assigned_names, code_of, dotted_name
from zerograd_lint.analysis.ir.roles import tuple_elements, unwrapped_module
from zerograd_lint.analysis.ir.state_events import disables_grad, function_disables_grad
from zerograd_lint.analysis.ir.visiting import visit
from zerograd_lint.analysis.ir.vocabulary import GRAPHLESS_ATTRIBUTES, NUMPY_ARRAY_MAKERS, TENSOR_CLASSES, TENSOR_FACTORIES, described


class Carried(IntEnum):
    """What a value carries, ordered so that a value read two ways (or computed from two) carries the larger."""

    NOTHING = 0  # no autograd graph on any path
    UNKNOWN = 1
    GRAPH = 2  # a module's parameters' graph on some path


# Tensor methods whose value never requires grad (an index, a bool or integer tensor, a number, a cut graph); not
# `round`, `sign`, `floor`, whose values do (their gradient is zero, written all the same).
GRAPHLESS_METHODS = frozenset(
    """detach detach_ item tolist numpy size numel dim argmax argmin argsort long int short byte char bool nonzero eq ne
    lt le gt ge isnan isinf isfinite logical_and logical_or logical_not logical_xor all any new new_zeros new_ones
    new_empty new_full new_tensor""".split()
)
# torch's functions of the same kind.
GRAPHLESS_FUNCTIONS = frozenset(
    """argmax argmin argsort eq ne lt le gt ge isnan isinf isfinite logical_and logical_or logical_not logical_xor
    nonzero arange randint randperm zeros_like ones_like empty_like full_like rand_like randn_like""".split()
) | TENSOR_FACTORIES | TENSOR_CLASSES
# torch's layers that own parameters (in their default configuration): calling one carries their graph.
PARAMETRIC_LAYERS = frozenset(
    """Linear Bilinear LazyLinear Conv1d Conv2d Conv3d ConvTranspose1d ConvTranspose2d ConvTranspose3d LazyConv1d
    LazyConv2d LazyConv3d Embedding EmbeddingBag LayerNorm GroupNorm RMSNorm LSTM GRU RNN LSTMCell GRUCell RNNCell
    MultiheadAttention Transformer TransformerEncoder TransformerDecoder TransformerEncoderLayer
    TransformerDecoderLayer PReLU""".split()
)
NUMBER_BUILTINS = frozenset({"len", "int", "float", "bool", "str", "isinstance", "range"})  # not `round`: a tensor's keeps its graph
CONSTANTS = (cst.Integer, cst.Float, cst.Imaginary, cst.SimpleString, cst.ConcatenatedString, cst.FormattedString, cst.Ellipsis)
# How many calls deep a forward's submodules are followed (transformer-vocos: the model, its head, the head's ISTFT).
FOLLOWED_CALLS = 4


@for_one_file
def elements_carried(
    index: ModuleIndex, function: cst.FunctionDef, count: int | None, depth: int = 0, handed: frozenset[str] = frozenset()
) -> tuple[Carried, ...]:
    """What each element of the `count`-tuples `function` (of the module `index`) returns carries, joined over its
    returns; all UNKNOWN where one of them is no display of `count` elements nor a call of a method of `self` (read
    in turn: KGIN's forward returns `self.create_bpr_loss(u_e, pos_e, neg_e, cor)`). `count` None: the value returned
    whole. `handed`: the parameters the caller hands a value carrying a graph."""
    unknown = (Carried.UNKNOWN,) * (count or 1)
    returns = Returns(function).found
    if not returns or depth > FOLLOWED_CALLS or index.is_generator(function):
        return unknown
    if function_disables_grad(function):  # `@torch.no_grad()`
        return (Carried.NOTHING,) * (count or 1)
    reading = Reading(index, function, depth, handed=handed)
    found = [Carried.NOTHING] * (count or 1)
    for position, value in returns:
        elements = [value] if count is None else tuple_elements(value)
        if elements is None and isinstance(value, cst.Call) and (called := reading.called(value)) is not None:
            delegated = elements_carried(*called, count, depth + 1, reading.handed_graphs(value, called[1], position))
            found = [max(each, element) for each, element in zip(found, delegated)]
            continue
        if elements is None or len(elements) != len(found) or starred(value):
            return unknown
        found = [max(each, reading.carried(element, position)) for each, element in zip(found, elements)]
    return tuple(found)


@for_one_file
def handed_carriers(index: ModuleIndex, function: cst.FunctionDef, count: int) -> tuple[frozenset[str], ...]:
    """For each element of the `count`-tuples `function` returns, the parameters whose graph it carries on where the
    caller hands it one: not known to carry a graph as it is (`elements_carried`), it does with that parameter handed a
    graph. FCGF's triplet loss hands back `loss, pos_dist.mean(), rand_neg_dist.mean()`, the distances computed from
    the features it was handed."""
    alone = elements_carried(index, function, count)
    if Carried.UNKNOWN not in alone:
        return (frozenset(),) * count
    carriers: list[set[str]] = [set() for _ in range(count)]
    for parameter in sorted(parameters_of(function) - {"self", "cls"}):
        handed = elements_carried(index, function, count, 0, frozenset({parameter}))
        for position, (before, after) in enumerate(zip(alone, handed)):
            if before is Carried.UNKNOWN and after is Carried.GRAPH:
                carriers[position].add(parameter)
    return tuple(frozenset(each) for each in carriers)


@for_one_file
def returns_its_own_graph(index: ModuleIndex, function: cst.FunctionDef, run: frozenset[str]) -> bool:
    """Whether what `function` (of the module `index`, handed models as its parameters `run`) returns may carry the
    graph of a forward pass it runs. A parameter it does not run and a name of the module hold what was made before
    the call (the caller's batch, `args.step_size`): the graph it may carry is no forward of this call's
    (`Reading.own_graph`). An adversarial attack runs the model only to take the gradient of its input and hands back
    `x.detach() + step * torch.sign(grad.detach())`, clamped around the clean batch: no forward of the loss."""
    returns = Returns(function).found
    if not returns or index.is_generator(function):
        return True
    reading = Reading(index, function, 0, run=run)
    return any(reading.carried(value, position) is not Carried.NOTHING for position, value in returns)


@dataclass
class Reading:
    """The values of one function, and what each carries. `run`, where given, asks only what the function's own
    forward passes put in them: the parameters it runs are models (not known: what their calls return), its other
    parameters and the module's names, read as values, carry nothing of its own."""

    index: ModuleIndex
    function: cst.FunctionDef
    depth: int
    run: frozenset[str] | None = None
    handed: frozenset[str] = frozenset()  # the parameters the caller hands a value carrying a graph
    answers: dict[tuple[str, int | None], Carried] = field(default_factory=dict)
    visiting: set[tuple[str, int | None]] = field(default_factory=set)

    def __post_init__(self) -> None:
        self.statements = list(statements_of(self.function.body))
        self.values = [_Values(statement) for statement in self.statements]  # what each top-level statement binds
        leaves = frozenset().union(*(values.leaves for values in self.values))
        self.unknown = frozenset().union(*(values.unknown for values in self.values)) | (leaves if self.run is None else frozenset())
        self.without_grad = frozenset().union(*(values.without_grad for values in self.values))
        self.parameters = parameters_of(self.function)
        found = {name for values in self.values for name in values.found}
        defs = [(name, node) for values in self.values for name, node in values.defs]
        bindings = Counter(name for name, _ in defs)
        # A def nested in the function, its name bound by nothing else and no decorator but `torch.no_grad()` on it: a
        # call of it runs that body.
        self.nested = {
            name: node for name, node in defs
            if bindings[name] == 1 and name not in self.parameters and name not in found
            and (not node.decorators or function_disables_grad(node))
        }
        self.local = self.parameters | self.unknown | leaves | found
        self.resolver = self.index.resolver_for(self.function)

    def carried(self, node: cst.BaseExpression, at: int | None) -> Carried:
        """What `node`, read in the top-level statement `at` (None: anywhere in the function), carries."""
        if isinstance(node, CONSTANTS) or isinstance(node, (cst.Comparison, cst.Lambda)):
            return Carried.NOTHING
        if isinstance(node, cst.Name):
            return self.name_carried(node.value, at)
        if isinstance(node, cst.Attribute):
            return self.attribute_carried(node, at)
        if isinstance(node, cst.Subscript):
            return self.carried(node.value, at)  # an index carries no gradient
        if isinstance(node, (cst.BinaryOperation, cst.BooleanOperation)):
            return max(self.carried(node.left, at), self.carried(node.right, at))
        if isinstance(node, cst.UnaryOperation):
            return Carried.NOTHING if isinstance(node.operator, cst.Not) else self.carried(node.expression, at)
        if isinstance(node, cst.IfExp):
            return max(self.carried(node.body, at), self.carried(node.orelse, at))
        if isinstance(node, (cst.Tuple, cst.List, cst.Set)):
            return max((self.carried(e.value, at) for e in node.elements), default=Carried.NOTHING)
        if isinstance(node, cst.Dict):
            return max((self.carried(e.value, at) for e in node.elements), default=Carried.NOTHING)
        if isinstance(node, cst.Call):
            return self.call_carried(node, at)
        return Carried.UNKNOWN

    def name_carried(self, name: str, at: int | None) -> Carried:
        if name in {"None", "True", "False"}:
            return Carried.NOTHING
        key = (name, at)
        if key in self.answers:
            return self.answers[key]
        if key in self.visiting:
            return Carried.NOTHING  # read again while it is answered (`x = x + y`): no other source there
        self.visiting.add(key)
        answer = self.bindings_carried(name, at)
        self.visiting.discard(key)
        if not self.visiting:  # an answer inside another name's leans on that one's
            self.answers[key] = answer
        return answer

    def bindings_carried(self, name: str, at: int | None) -> Carried:
        """What `name` read in the top-level statement `at` carries: the value of the one assignment that last bound it
        before, where `at` does not bind it again (a loop it holds may read it again); else every value the statements
        up to `at` bind it to, and the parameter it may still be."""
        if name in self.unknown:
            return Carried.UNKNOWN
        reach = len(self.statements) if at is None else at + 1
        if at is not None and name not in self.values[at].found:
            earlier = next((position for position in reversed(range(at)) if name in self.values[position].found), None)
            assignment = self.assignment(earlier) if earlier is not None else None
            if assignment is not None:
                return self.bound_carried(name, *assignment, earlier)  # type: ignore[arg-type]
            reach = at
        carried = [
            self.bound_carried(name, target, value, None) for values in self.values[:reach] for target, value in values.found.get(name, ())
        ]
        if name in self.parameters:
            handed = Carried.NOTHING if self.run is not None and name not in self.run else Carried.UNKNOWN
            if name in self.handed:
                handed = Carried.GRAPH
            return max([handed, *carried])  # else what the caller hands it is not read
        if not carried:
            known = described(self.index.imports.get(name) or "") or (self.run is not None and name not in self.local)
            return Carried.NOTHING if known else Carried.UNKNOWN  # `torch`; a name of the module where only `run` counts
        return max(carried)

    def assignment(self, position: int) -> tuple[cst.BaseExpression, cst.BaseExpression] | None:
        """The target and value of the top-level statement at `position` where it is one plain assignment."""
        statement = self.statements[position]
        small = statement.body if isinstance(statement, cst.SimpleStatementLine) else ()
        if len(small) == 1 and isinstance(small[0], cst.Assign) and len(small[0].targets) == 1:
            return small[0].targets[0].target, small[0].value
        return None

    def bound_carried(self, name: str, target: cst.BaseExpression, value: cst.BaseExpression, at: int | None) -> Carried:
        """What `name`, bound by `target` to `value`, carries: its element where `target` unpacks a display or a call."""
        if value in self.without_grad:
            return Carried.NOTHING
        elements = tuple_elements(target)
        if elements is None:
            return self.carried(value, at)
        names = [code_of(e) if isinstance(e, cst.Name) else None for e in elements]
        if name not in names or starred(target):
            return Carried.UNKNOWN
        position = names.index(name)
        values = tuple_elements(value)
        if values is not None:
            return self.carried(values[position], at) if len(values) == len(elements) and not starred(value) else Carried.UNKNOWN
        if isinstance(value, cst.Call):
            called = self.called(value)
            if called is None:
                return Carried.UNKNOWN
            return elements_carried(*called, len(elements), self.depth + 1, self.handed_graphs(value, called[1], at))[position]
        return Carried.UNKNOWN

    def attribute_carried(self, node: cst.Attribute, at: int | None) -> Carried:
        if node.attr.value in GRAPHLESS_ATTRIBUTES:
            return Carried.NOTHING
        if isinstance(node.value, cst.Name) and node.value.value == "self":
            value = self.resolver.value_of(node)
            parameter = isinstance(value, cst.Call) and (self.torch_name(value.func) or "").rsplit(".", 1)[-1] == "Parameter"
            return Carried.GRAPH if parameter else Carried.UNKNOWN
        origin = self.torch_name(node)
        return Carried.NOTHING if origin is not None else self.carried(node.value, at)  # `torch.float32`

    def call_carried(self, call: cst.Call, at: int | None) -> Carried:
        func = call.func
        arguments = max((self.carried(a.value, at) for a in call.args), default=Carried.NOTHING)
        if isinstance(func, cst.Attribute) and func.attr.value in GRAPHLESS_METHODS:
            return Carried.NOTHING
        if isinstance(func, cst.Name) and func.value in NUMBER_BUILTINS and func.value not in self.local:
            return Carried.NOTHING  # `len(x)`, `float(loss)`: a Python number
        if self.imported_name(func) in NUMPY_ARRAY_MAKERS:
            return Carried.NOTHING  # `np.array(values)`: a new array, whatever it is handed
        origin = self.torch_name(func)
        if origin is not None:  # torch's function: what its arguments carry, unless it makes a new tensor
            made = origin.rsplit(".", 1)[-1] in GRAPHLESS_FUNCTIONS
            trained = any(a.keyword is not None and a.keyword.value == "requires_grad" for a in call.args)
            return Carried.NOTHING if made and not trained else arguments
        if isinstance(func, cst.Attribute) and isinstance(func.value, cst.Name) and func.value.value == "self":
            return self.part_carried(call, arguments, at)
        if isinstance(func, cst.Name) and (nested := self.nested.get(func.value)) is not None:
            # KGIN's `cor += DistanceCorrelation(w[i], w[j])`, a def of the method: what its body returns of what it is handed
            return elements_carried(self.index, nested, None, self.depth + 1, self.handed_graphs(call, nested, at))[0]
        if self.run is not None and isinstance(func, cst.Attribute) and isinstance(func.value, cst.Name) and (
            func.value.value in self.run or func.value.value not in self.local
        ):
            return Carried.UNKNOWN  # `model.forward(x)`, `net.features(x)`: a model's method, not a tensor's
        if isinstance(func, cst.Attribute) and (receiver := self.carried(func.value, at)) is not Carried.UNKNOWN:
            # a tensor's method (`x.transpose(1, 2)`, `mask.to(torch.float32)`): what it and its arguments carry
            return max(receiver, arguments)
        return Carried.UNKNOWN

    def part_carried(self, call: cst.Call, arguments: Carried, at: int | None) -> Carried:
        """`self.net(x)`: a parametric layer of torch carries its graph; another of torch's layers, what it is handed
        (or more: not known); a module of the file or of the project, or a method of the class, what its code returns."""
        value = self.resolver.value_of(call.func)
        while isinstance(value, cst.Call) and (inner := unwrapped_module(value)) is not None:
            value = inner
        layer = self.torch_name(value.func) if isinstance(value, cst.Call) else None
        if layer is not None:
            return Carried.GRAPH if layer.rsplit(".", 1)[-1] in PARAMETRIC_LAYERS else max(arguments, Carried.UNKNOWN)
        called = self.called(call)
        return elements_carried(*called, None, self.depth + 1, self.handed_graphs(call, called[1], at))[0] if called is not None else Carried.UNKNOWN

    def handed_graphs(self, call: cst.Call, function: cst.FunctionDef, at: int | None) -> frozenset[str]:
        """The parameters of `function`, which `call` of a method or part of `self` runs, that it hands a value
        carrying a graph (an argument not known, or carrying none, leaves its parameter read as before)."""
        handed = arguments_by_parameter(call, function)
        return frozenset(name for name, value in handed.items() if self.carried(value, at) is Carried.GRAPH)

    def called(self, call: cst.Call) -> tuple[ModuleIndex, cst.FunctionDef] | None:
        """The function a call of `self.<part>` or `self.<method>` runs: the `forward` of the one class of the file or
        of the project the part is built from, or the class's method."""
        func = call.func
        if not (isinstance(func, cst.Attribute) and isinstance(func.value, cst.Name) and func.value.value == "self"):
            return None
        owner = self.index.owner_class(self.function)
        method = self.index.inherited_method(owner, func.attr.value) if owner is not None else None
        if method is not None:
            return method
        classes = self.resolver.classes_built(func)
        if classes is None or len(classes) != 1 or not classes[0][0].is_torch_module(classes[0][1]):
            return None
        home, cls = classes[0]
        return home.inherited_method(cls, "forward")

    def torch_name(self, node: cst.BaseExpression) -> str | None:
        """What a dotted name of torch stands for through the module's imports (`F.relu`, `nn.Linear`); None else."""
        origin = self.imported_name(node)
        return origin if origin is not None and described(origin) else None

    def imported_name(self, node: cst.BaseExpression) -> str | None:
        """What a dotted name stands for through the module's imports (`np.array` -> `numpy.array`), where the function
        binds no name of its own over it; None else."""
        dotted = dotted_name(node)
        if dotted is None or dotted.split(".")[0] in self.local:
            return None
        return self.index.origin_of_name(dotted)


def starred(display: cst.BaseExpression) -> bool:
    """`(a, *rest)`: a display or a target with a starred element, whose elements do not match one by one."""
    return isinstance(display, (cst.Tuple, cst.List)) and any(isinstance(e, cst.StarredElement) for e in display.elements)


class Returns:
    """The values a function returns, each with the top-level statement it is written in."""

    def __init__(self, function: cst.FunctionDef) -> None:
        self.found: list[tuple[int, cst.BaseExpression]] = []
        for position, statement in enumerate(statements_of(function.body)):
            self.walk([statement], position)

    def walk(self, statements: Sequence[cst.CSTNode], position: int) -> None:
        for statement in statements:
            if isinstance(statement, cst.SimpleStatementLine):
                self.found += [(position, s.value) for s in statement.body if isinstance(s, cst.Return) and s.value is not None]
            elif not isinstance(statement, (cst.FunctionDef, cst.ClassDef)):
                for suite in suites(statement):
                    self.walk(suite, position)


# A container's methods that put their arguments into it (a tensor's in-place methods, `x.mul_(v)`, do too).
PUTTING_METHODS = frozenset({"append", "extend", "insert", "add", "update", "setdefault"})


def puts_into_receiver(method: str) -> bool:
    return method in PUTTING_METHODS or method.endswith("_") and not method.startswith("_") and method != "detach_"


class _Values(cst.CSTVisitor):
    """Every value bound to each local name (not in the defs and classes it holds), with its target; values put into
    a name (`outs.append(v)`, `outs[i] = v`, `x.mul_(v)`); and the names bound in ways not read (an import, a nested
    def, a comprehension's or `:=`'s target, an exception caught, `global`)."""

    def __init__(self, node: cst.CSTNode) -> None:
        self.found: dict[str, list[tuple[cst.BaseExpression, cst.BaseExpression]]] = {}
        self.unknown: set[str] = set()
        self.leaves: set[str] = set()  # names made to require grad (`x.requires_grad_()`): leaves, no forward's graph
        self.without_grad: set[cst.BaseExpression] = set()  # the values bound under `torch.no_grad()`
        self.disabled = 0  # how many `with` statements that disable grad are around
        self.defs: list[tuple[str, cst.FunctionDef]] = []  # the defs it holds, by the name each binds
        visit(node, self)

    def visit_With(self, node: cst.With) -> None:
        self.disabled += any(disables_grad(item.item) for item in node.items)

    def leave_With(self, original_node: cst.With) -> None:
        self.disabled -= any(disables_grad(item.item) for item in original_node.items)

    def visit_FunctionDef(self, node: cst.FunctionDef) -> bool:
        self.unknown.add(node.name.value)
        self.defs.append((node.name.value, node))
        return False

    def visit_ClassDef(self, node: cst.ClassDef) -> bool:
        self.unknown.add(node.name.value)
        return False

    def visit_Lambda(self, node: cst.Lambda) -> bool:
        return False

    def visit_Assign(self, node: cst.Assign) -> None:
        for target in node.targets:
            self.bind(target.target, node.value)

    def visit_AugAssign(self, node: cst.AugAssign) -> None:
        self.bind(node.target, node.value)

    def visit_AnnAssign(self, node: cst.AnnAssign) -> None:
        if node.value is not None:
            self.bind(node.target, node.value)

    def visit_For(self, node: cst.For) -> None:
        self.bind(node.target, node.iter)  # an element carries what its container does

    def visit_WithItem(self, node: cst.WithItem) -> None:
        if node.asname is not None:
            self.unbound(node.asname.name)

    def visit_NamedExpr(self, node: cst.NamedExpr) -> None:
        self.unbound(node.target)

    def visit_CompFor(self, node: cst.CompFor) -> None:
        self.unbound(node.target)

    def visit_ExceptHandler(self, node: cst.ExceptHandler) -> None:
        if node.name is not None:
            self.unbound(node.name.name)

    def visit_Import(self, node: cst.Import) -> None:
        self.unknown.update(code_of(alias.asname.name if alias.asname else alias.name).split(".")[0] for alias in node.names)

    def visit_ImportFrom(self, node: cst.ImportFrom) -> None:
        if not isinstance(node.names, cst.ImportStar):
            self.unknown.update(code_of(alias.asname.name if alias.asname else alias.name) for alias in node.names)

    def visit_Global(self, node: cst.Global) -> None:
        self.unknown.update(item.name.value for item in node.names)

    def visit_Nonlocal(self, node: cst.Nonlocal) -> None:
        self.unknown.update(item.name.value for item in node.names)

    def visit_Call(self, node: cst.Call) -> None:
        func = node.func
        if not (isinstance(func, cst.Attribute) and isinstance(func.value, cst.Name)):
            return
        if func.attr.value == "requires_grad_":
            self.leaves.add(func.value.value)  # a leaf made to require grad
        elif puts_into_receiver(func.attr.value):
            for argument in node.args:
                self.add(func.value.value, func.value, argument.value)

    def bind(self, target: cst.BaseExpression, value: cst.BaseExpression) -> None:
        if isinstance(target, cst.Name):
            self.add(target.value, target, value)
        elif isinstance(target, (cst.Tuple, cst.List)):
            for element in target.elements:
                if isinstance(element.value, cst.Name) and not isinstance(element, cst.StarredElement):
                    self.add(element.value.value, target, value)  # its element of `value`
                elif isinstance(element.value, (cst.Subscript, cst.Attribute)):
                    self.bind(element.value, value)  # `outs[k], logs = f(x)`: `outs` holds some element of the whole
                else:
                    self.unbound(element.value)  # a nested or starred target: not read element by element
        elif isinstance(target, (cst.Subscript, cst.Attribute)):
            holder = target.value
            while isinstance(holder, (cst.Subscript, cst.Attribute)):
                holder = holder.value
            if isinstance(holder, cst.Name):
                self.add(holder.value, holder, value)  # `xs[i] = v`, `box.x = v`: the holder now holds `v`
        elif isinstance(target, cst.StarredElement):
            self.unbound(target.value)

    def unbound(self, target: cst.BaseExpression) -> None:
        self.unknown.update(code_of(name) for name in assigned_names(target) if isinstance(name, cst.Name))

    def add(self, name: str, target: cst.BaseExpression, value: cst.BaseExpression) -> None:
        self.found.setdefault(name, []).append((target, value))
        if self.disabled:
            self.without_grad.add(value)
