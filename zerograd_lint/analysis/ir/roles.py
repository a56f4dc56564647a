"""Who is who: bindings of names and `self.` attributes, resolved to roles and identities.

Flow-insensitive on purpose: training code binds its optimizer once. Where the
bindings disagree, the role is unknown, and unknown never creates a report.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass, field, replace
from functools import wraps
from typing import TYPE_CHECKING, Any, Callable, Iterator, Mapping, Protocol, Sequence, TypeVar

import libcst as cst

from zerograd_lint.analysis.ir.names import (
    Role,
    arguments_by_parameter,
    builds_torch_scheduler,
    code_of,
    constructor_role,
    dotted_name,
    last_name,
    says_accelerator,
    says_optimizer,
    says_scaler,
    says_scheduler,
    scheduled_optimizer_argument,
)
from zerograd_lint.analysis.ir.summaries import DEEPSPEED_INITIALIZE, LIGHTNING_OPTIMIZERS, LIGHTNING_SCHEDULERS
from zerograd_lint.analysis.ir.visiting import nodes_of, visit
from zerograd_lint.analysis.ir.vocabulary import (
    ATTRIBUTE_MAPPINGS,
    MAPPING_CONSTRUCTORS,
    MAPPING_METHODS,
    MODULE_WRAPPERS,
    MOVING_METHODS,
    WRAPPING_CALLS,
)

if TYPE_CHECKING:
    from zerograd_lint.analysis.ir.index import Built, ModuleIndex

# `engine, optimizer, loader, scheduler = deepspeed.initialize(...)`
DEEPSPEED_TUPLE = tuple(Role(role) if role else None for role in DEEPSPEED_INITIALIZE)
# Where a key's first name ends: `opt` of `opt.param_groups[0]`.
AFTER_FIRST_NAME = re.compile(r"[.\[]")
# Calls that hand back the same module's parameters: `model.to(device)`, `DDP(model)`, `copy.deepcopy(model)`.
SAME_MODULE_METHODS = frozenset({"to", "cuda", "cpu", "float", "half", "double", "bfloat16", "train", "eval", "requires_grad_"})
Origin = tuple  # (the dotted constructor a module was built with, the attributes taken from it since)


@dataclass(frozen=True)
class Binding:
    """One assignment of a name: what it is bound to, as far as the code shows."""

    role: Role | None = None
    alias: cst.BaseExpression | None = None  # the name is this other object
    element_of: cst.BaseExpression | None = None  # a for-loop target over this collection
    value: cst.BaseExpression | None = None  # the assigned expression, for `.parameters()` tracing
    # For `self.x = ...` in a method: that method's own bindings, where its names mean something.
    home: "Scope | None" = field(default=None, compare=False)
    unpacked: "Unpacked | None" = None  # one of several names bound from what a call returns


@dataclass(frozen=True)
class Unpacked:
    """`opt, sched = build(model)`: the name is `targets[position]` of what `call` returns."""

    call: cst.Call
    targets: tuple[cst.BaseExpression, ...]
    position: int
    starred: bool = False  # `first, *rest = f()`: the call's width is not the targets' count


@dataclass(frozen=True)
class Addition:
    """What one statement adds to a collection: an element (`groups.append(group)`) or the elements of another
    collection (`groups += [group]`, `groups.extend(more)`)."""

    value: cst.BaseExpression
    elements: bool


@dataclass
class Scope:
    bindings: dict[str, list[Binding]] = field(default_factory=dict)
    wrapped: set[str] = field(default_factory=set)  # names handed to `accelerator.prepare(...)` and the like
    # A mapping's key -> the assignments to its keys (`optims[name] = Adam(...)`), whatever key each names.
    items: dict[str, list[Binding]] = field(default_factory=dict)
    # Collections grown after they were bound (`self.steps.append(step)`): their literal does not say all they hold.
    grown: set[str] = field(default_factory=set)
    # What each statement growing a collection adds to it (`groups.append(group)`, `groups += [...]`; None: not
    # visible, `update(...)`), for the parameters an optimizer is built from (`Resolver.grown_owners`).
    additions: dict[str, list[Addition | None]] = field(default_factory=dict)
    # For the bases' scope of a method's resolver: the resolver that reads where a base's `__init__` built a `self.x`
    # (`InheritedAliases.built_in`), with that base's module's names.
    built_in: Callable[[str], "Resolver | None"] | None = field(default=None, compare=False)
    # For a subclass's class scope in the resolver of a base's method checked for it (`index.nearer_scopes`): the
    # resolver that reads each of its bindings where it was written, in the subclass's module's words.
    reader: Callable[[Binding], "Resolver"] | None = field(default=None, compare=False)

    def add(self, key: str, binding: Binding) -> None:
        self.bindings.setdefault(key, []).append(binding)

    def add_item(self, mapping: str, binding: Binding) -> None:
        self.items.setdefault(mapping, []).append(binding)

    def wrap(self, key: str) -> None:
        self.wrapped.add(key)

    def grow(self, key: str, addition: Addition | None) -> None:
        self.grown.add(key)
        self.add_to(key, addition)

    def add_to(self, key: str, addition: Addition | None) -> None:
        self.additions.setdefault(key, []).append(addition)


def target_keys(target: cst.BaseExpression) -> Iterator[str]:
    if isinstance(target, (cst.Name, cst.Attribute, cst.Subscript)):
        yield code_of(target)


def tuple_elements(node: cst.BaseExpression) -> list[cst.BaseExpression] | None:
    if type(node) is cst.Tuple or type(node) is cst.List:  # final classes: `type()` spares ABCMeta's isinstance
        return [e.value for e in node.elements]
    return None


def bind_assignment(scope: Scope | MethodBindings, target: cst.BaseExpression, value: cst.BaseExpression) -> None:
    elements = tuple_elements(target)
    if elements is not None:
        starred = any(isinstance(e, cst.StarredElement) for e in target.elements)  # type: ignore[attr-defined]
        bind_unpacking(scope, elements, value, starred)
        return
    for key in target_keys(target):
        if isinstance(value, cst.Name) and value.value == "None":
            continue
        if type(value) in (cst.Name, cst.Attribute, cst.Subscript):
            if code_of(value) == key:
                continue
            binding = Binding(alias=value)
        else:
            binding = Binding(role=value_role(value), value=value)
        scope.add(key, binding)
        if isinstance(target, cst.Subscript):
            scope.add_item(code_of(target.value), binding)


def plain_index(text: str) -> str | int | None:
    """The value of a subscript written as a string or a non-negative integer literal (`"student"`, `0`): two such
    subscripts of one container with different values read different elements. None for anything else (`[name]`,
    `[-1]`, a slice)."""
    try:
        value = ast.literal_eval(text)
    except (ValueError, SyntaxError):
        return None
    return value if isinstance(value, str) or (type(value) is int and value >= 0) else None


def value_role(value: cst.BaseExpression) -> Role | None:
    if isinstance(value, cst.Call):
        callee = dotted_name(value.func)
        if callee is not None:
            return constructor_role(callee)
        return None
    collection = tuple_elements(value)
    if collection is None and isinstance(value, cst.Dict):
        collection = [e.value for e in value.elements if isinstance(e, cst.DictElement)]
    if collection:
        roles = {value_role(e) for e in collection}
        return roles.pop() if len(roles) == 1 else None
    return None


def mapping_entries(value: cst.BaseExpression | None) -> list[cst.BaseExpression] | None:
    """The values a mapping's construction visibly holds: `{"g": opt_g}`, `{name: Adam(...) for ...}` (its one value),
    `dict(g=opt_g)`, `Munch(g=opt_g)`, `Munch({"g": opt_g})`, `Munch()` (none yet); None when `value` builds no
    mapping, or one whose contents are not seen (`dict(**other)`, `EasyDict(config)`)."""
    if type(value) is cst.Dict:
        return None if any(isinstance(e, cst.StarredDictElement) for e in value.elements) else [e.value for e in value.elements]
    if type(value) is cst.DictComp:
        return [value.value]
    if not isinstance(value, cst.Call) or last_name(value.func) not in MAPPING_CONSTRUCTORS or any(a.star for a in value.args):
        return None
    keywords = [a.value for a in value.args if a.keyword is not None]
    positional = [a.value for a in value.args if a.keyword is None]
    if not positional:
        return keywords
    handed = mapping_entries(positional[0]) if len(positional) == 1 else None
    handed = paired_values(positional[0]) if handed is None and len(positional) == 1 else handed
    return None if handed is None else [*handed, *keywords]


def paired_values(pairs: cst.BaseExpression) -> list[cst.BaseExpression] | None:
    """The values of the key-value pairs a mapping is built from: `dict([("g", opt_g), ("d", opt_d)])`,
    `OrderedDict([(name, Meter(name)) for name in names])` (its one value); None for anything else."""
    if isinstance(pairs, (cst.ListComp, cst.GeneratorExp)):
        pair = tuple_elements(pairs.elt)
        return [pair[1]] if pair is not None and len(pair) == 2 else None
    elements = [tuple_elements(element) for element in tuple_elements(pairs) or ()]
    if not elements or any(pair is None or len(pair) != 2 for pair in elements):
        return None
    return [pair[1] for pair in elements]  # type: ignore[index]


def defaulted_entry(value: cst.BaseExpression | None) -> cst.Call | None:
    """What a `defaultdict(Meter)` makes for each key read before it is set: its factory called with no argument
    (`Meter()`); None for anything else."""
    if not isinstance(value, cst.Call) or last_name(value.func) != "defaultdict" or len(value.args) != 1:
        return None
    factory = value.args[0]
    return cst.Call(func=factory.value) if factory.keyword is None and not factory.star and isinstance(factory.value, (cst.Name, cst.Attribute)) else None


def bind_unpacking(
    scope: Scope | MethodBindings, targets: list[cst.BaseExpression], value: cst.BaseExpression, starred: bool = False,
) -> None:
    values = tuple_elements(value)
    if values is not None and len(values) == len(targets):
        for target, item in zip(targets, values):
            bind_assignment(scope, target, item)
        return
    if not isinstance(value, cst.Call):
        return
    callee = dotted_name(value.func) or ""
    method = callee.rsplit(".", 1)[-1]
    if callee.startswith("deepspeed.") and method == "initialize":
        for target, role in zip(targets, DEEPSPEED_TUPLE):
            for key in target_keys(target):
                scope.add(key, Binding(role=role))
        return
    if method in WRAPPING_CALLS:
        positional = [a.value for a in value.args if a.keyword is None and not a.star]
        for argument in positional:
            scope.wrap(code_of(argument))
        for target, argument in zip(targets, positional):
            for key in target_keys(target):
                if code_of(argument) != key:
                    scope.add(key, Binding(alias=argument))
        return
    # opt_g, opt_d = self.optimizers(); a name that says scheduler is never an optimizer by the factory's name alone.
    # Where some targets' names say optimizer (`model, optimizer = setup_model_and_optimizer()`), the factory's name
    # says which: the others (the model, a DeepSpeed engine) are no optimizer by that name alone.
    role = constructor_role(callee)
    named = [says_optimizer(last_name(target) or "") for target in targets]
    for position, target in enumerate(targets):
        named_role = (
            role if role is Role.OPTIMIZER and not says_scheduler(last_name(target) or "") and (named[position] or not any(named))
            else None
        )
        for key in target_keys(target):
            scope.add(key, Binding(role=named_role, unpacked=Unpacked(value, tuple(targets), position, starred)))


def bind_for_target(scope: Scope | MethodBindings, target: cst.BaseExpression, iterable: cst.BaseExpression) -> None:
    """`for opt in optimizers` makes `opt` an element of `optimizers`; zip/items/enumerate unwrap."""
    elements = tuple_elements(target)
    if isinstance(iterable, cst.Call):
        callee = dotted_name(iterable.func) or ""
        arguments = [a.value for a in iterable.args if a.keyword is None]
        if callee == "zip" and elements is not None and len(elements) == len(arguments):
            for element, argument in zip(elements, arguments):
                bind_for_target(scope, element, argument)
            return
        if callee == "enumerate" and elements is not None and len(elements) == 2 and arguments:
            bind_for_target(scope, elements[1], arguments[0])
            return
        if isinstance(iterable.func, cst.Attribute) and iterable.func.attr.value in {"items", "named_parameters"}:
            if elements is None:
                return  # the (key, value) pairs themselves
            if len(elements) == 2:  # `for k, opt in optimizers.items()`: a value of the dict
                collection = iterable.func.value if iterable.func.attr.value == "items" else iterable
                for key in target_keys(elements[1]):
                    scope.add(key, Binding(element_of=collection))
            return
        if isinstance(iterable.func, cst.Attribute) and iterable.func.attr.value == "values" and elements is None:
            iterable = iterable.func.value  # `for opt in optimizers.values()`: an element of the dict
    if elements is not None:
        return
    for key in target_keys(target):
        scope.add(key, Binding(element_of=iterable))


def loop_elements(target: cst.BaseExpression, iterable: cst.BaseExpression) -> dict[str, cst.BaseExpression]:
    """The names a `for` target (or a comprehension's) binds to elements of a collection, and the collection."""
    scope = Scope()
    bind_for_target(scope, target, iterable)
    return {key: b.element_of for key, found in scope.bindings.items() for b in found if b.element_of is not None}


@dataclass
class MethodBindings:
    """Where a method's bindings go: `self.x` to its class's scope (an alias remembering the method's own
    bindings), everything else to the method's scope."""

    own: Scope
    shared: Scope | None

    def add(self, key: str, binding: Binding) -> None:
        self.routed(key).add(key, self.homed(key, binding))

    def add_item(self, mapping: str, binding: Binding) -> None:
        self.routed(mapping).add_item(mapping, self.homed(mapping, binding))

    def routed(self, key: str) -> Scope:
        return self.shared if self.shared is not None and key.startswith("self.") else self.own

    def homed(self, key: str, binding: Binding) -> Binding:
        shared = self.shared is not None and key.startswith("self.")
        return replace(binding, home=self.own) if shared else binding

    def wrap(self, key: str) -> None:
        self.routed(key).wrap(key)

    def grow(self, key: str, addition: Addition | None) -> None:
        self.routed(key).grow(key, addition)

    def add_to(self, key: str, addition: Addition | None) -> None:
        self.routed(key).add_to(key, addition)


class BindingCollector(cst.CSTVisitor):
    """Collects the bindings of one function (or module) body, not of nested functions."""

    def __init__(self, scope: Scope, class_scope: Scope | None, root: cst.CSTNode) -> None:
        self.scope = scope
        self.routed = MethodBindings(scope, class_scope)
        self.root = root

    def visit_FunctionDef(self, node: cst.FunctionDef) -> bool:
        return node is self.root

    def visit_ClassDef(self, node: cst.ClassDef) -> bool:
        return False

    def visit_Lambda(self, node: cst.Lambda) -> bool:
        return False

    def visit_Assign(self, node: cst.Assign) -> None:
        for target in node.targets:
            bind_assignment(self.routed, target.target, node.value)

    def visit_AnnAssign(self, node: cst.AnnAssign) -> None:
        if node.value is not None:
            bind_assignment(self.routed, node.target, node.value)

    def visit_For(self, node: cst.For) -> None:
        bind_for_target(self.scope, node.target, node.iter)

    def visit_CompFor(self, node: cst.CompFor) -> None:
        bind_for_target(self.scope, node.target, node.iter)

    def visit_WithItem(self, node: cst.WithItem) -> None:
        if node.asname is not None and isinstance(node.asname.name, cst.Name):
            self.scope.add(node.asname.name.value, Binding(value=node.item))

    def visit_Call(self, node: cst.Call) -> None:
        if isinstance(node.func, cst.Attribute) and node.func.attr.value in GROWING_METHODS:
            self.routed.grow(code_of(node.func.value), addition_of(node.func.attr.value, node.args))

    def visit_AugAssign(self, node: cst.AugAssign) -> None:
        if isinstance(node.operator, cst.AddAssign):
            for key in target_keys(node.target):
                self.routed.add_to(key, Addition(node.value, elements=True))


# A collection's methods that add elements to it.
GROWING_METHODS = frozenset({"append", "extend", "insert", "add", "update", "setdefault"})


def addition_of(method: str, args: Sequence[cst.Arg]) -> Addition | None:
    """What a list's growing method adds (`append(x)`, `insert(i, x)`, `extend(xs)`); None for any other."""
    positional = [a.value for a in args if a.keyword is None and not a.star]
    if method in {"append", "extend"} and len(positional) == 1:
        return Addition(positional[0], elements=method == "extend")
    if method == "insert" and len(positional) == 2:
        return Addition(positional[1], elements=False)
    return None


def collect(body: cst.CSTNode, scope: Scope, class_scope: Scope | None, root: cst.CSTNode) -> Scope:
    visit(body, BindingCollector(scope, class_scope, root))
    return scope


Answer = TypeVar("Answer")


def by_receiver(method: Callable[..., Answer]) -> Callable[..., Answer]:
    """Keep a resolver's answer for each receiver, by its text.

    A name bound a thousand times (`opt` rebuilt before each of a file's loops)
    has a thousand bindings; asking them again for each of its thousand uses
    made the analysis quadratic in the file's size. The scopes are complete when
    a resolver is made and never change, so an answer never goes stale.
    """

    @wraps(method)
    def answer(self: "Resolver", node: cst.BaseExpression, *depth: int) -> Answer:
        if any(depth) or not (type(node) is cst.Name or type(node) is cst.Attribute):  # `type()`: no ABCMeta isinstance
            return method(self, node, *depth)  # an inner step of a chain: its own depth limit applies
        key = (method.__name__, code_of(node))
        if key not in self.answers:
            self.answers[key] = method(self, node)
        return self.answers[key]

    return answer


class SameFile(Protocol):
    """What the file's other functions tell a resolver: what they return, which callees build PyTorch
    schedulers, the defaults of its command-line options."""

    def is_torch_scheduler(self, callee: str) -> bool: ...

    def is_torch_optimizer_class(self, callee: str) -> bool: ...

    def option_default(self, dest: str) -> cst.BaseExpression | None: ...

    def parameter_default(self, name: str) -> cst.BaseExpression | None:
        """The default of the parameter `name` of the function this view is of, where the function never binds it
        again (`optimtype=torch.optim.RMSprop`); None otherwise."""
        ...

    def written_into(self, name: str) -> bool:
        """Whether the module's code anywhere stores into, or grows, the collection a top-level `name` holds."""
        ...

    def returned(self, call: cst.Call, caller: "Resolver") -> list[tuple["Resolver", cst.BaseExpression]]:
        """The values the same-file function called by `call` returns, each with that function's resolver
        (its parameters bound to the call's arguments); empty when the callee is not in the file."""
        ...

    def returned_expressions(self, call: cst.Call, caller: "Resolver | None" = None) -> tuple[cst.BaseExpression, ...]: ...

    def returned_aliases(self, call: cst.Call, caller: "Resolver") -> tuple[cst.BaseExpression, ...]:
        """`returned_expressions`, a returned name the callee binds once to another name or attribute read as that."""
        ...

    def factory_returned(self, call: cst.Call, caller: "Resolver") -> list[tuple["Resolver", cst.BaseExpression]]:
        """`returned`, a function of the project whose words say nothing of the lifecycle included (a factory)."""
        ...

    def classes_built(self, call: cst.Call, caller: "Resolver", depth: int) -> "tuple[Built, ...] | None":
        """The classes of the file or of its project whose instance `call` makes (itself, or a factory); None when
        that is not known."""
        ...

    def init_writer(self, built: "Built", key: str) -> "Resolver | None":
        """The resolver of the `__init__` of the nearest class of the instance's lineage that alone binds `self.x`
        (`key`), in its module's words; None for any other binding."""
        ...

    def configured(self) -> list[tuple["Resolver", cst.BaseExpression]]:
        """What the `configure_optimizers` of the class whose method this is returns (Lightning's), each value with
        that method's resolver; empty when it has none."""
        ...


def owned_part(home: "ModuleIndex", cls: cst.ClassDef, attribute: str) -> str | None:
    """The part of its own instance (`""` for the whole, `".head"`) whose parameters every binding of
    `self.<attribute>`, along the class's lineage, builds an optimizer from (`if optimizer == "adam":
    self.D_opt = Adam(self.D.parameters())` / `elif ...: self.D_opt = AdaBelief(self.D.parameters())`: `.D`,
    whichever branch ran); None for anything else, or where two bindings disagree."""
    for index, owner in home.lineage(cls):
        bindings = index.class_scope(owner).bindings.get(f"self.{attribute}")
        if not bindings:
            continue
        parts = {optimized_part(binding.value) for binding in bindings}
        return parts.pop() if len(parts) == 1 else None
    return None


def optimized_part(value: cst.BaseExpression | None) -> str | None:
    """`owned_part` of one binding: the part of `self` an optimizer's construction is given the parameters of."""
    if not isinstance(value, cst.Call) or value_role(value) is not Role.OPTIMIZER:
        return None
    params = next((a.value for a in value.args if a.keyword is None), None)
    params = next((a.value for a in value.args if a.keyword and a.keyword.value == "params"), params)
    if not isinstance(params, cst.Call) or params.args or not isinstance(params.func, cst.Attribute):
        return None
    if params.func.attr.value not in {"parameters", "named_parameters"}:
        return None
    owned = dotted_name(params.func.value) or ""
    return owned[len("self"):] if owned == "self" or owned.startswith("self.") else None


def group_parameters(group: cst.BaseExpression) -> cst.BaseExpression | None:
    """The parameters of one element of an optimizer's list: a parameter group's `"params"` (None when a dict
    has none), or the element itself."""
    if not isinstance(group, cst.Dict):
        return group
    return next(
        (
            element.value for element in group.elements
            if isinstance(element, cst.DictElement) and isinstance(element.key, cst.SimpleString) and element.key.evaluated_value == "params"
        ),
        None,
    )


@dataclass(frozen=True)
class Resolver:
    """Resolves receivers in one place of the code: a chain of scopes plus call-site overlays.

    ``overlay`` maps a helper's parameter names to the caller's canonical keys,
    so `def step(opt): opt.step()` called as `step(self.optimizer)` steps `self.optimizer`;
    ``arguments`` keeps the caller's own expression (and resolver) for each of them.
    """

    scopes: tuple[Scope, ...]
    overlay: Mapping[str, str] = field(default_factory=dict)
    overlay_roles: Mapping[str, Role | None] = field(default_factory=dict)
    # A helper's parameters: the caller's own expression for each, and the caller's resolver.
    arguments: Mapping[str, tuple["Resolver", cst.BaseExpression]] = field(default_factory=dict)
    self_class: str | None = None  # the class whose method this is: what `self` was built with
    same_file: SameFile | None = None
    # An inlined helper's own locals keyed apart from the same names of the functions it runs in (`Naming.key`):
    # `optimizer` of a helper building its own, called where its caller binds another (`Inlining.own_keys`).
    own_keys: Mapping[str, str] = field(default_factory=dict)
    # See `by_receiver`; not an argument, so that `replace()` starts a resolver with its own.
    answers: dict[tuple[str, str], Any] = field(default_factory=dict, init=False, compare=False, repr=False)

    def within(self, enclosing: "Resolver", local: frozenset[str]) -> "Resolver":
        """This closure's resolver, its free names (those not in `local`) read as the resolver of the inlined call
        of its enclosing function reads them: `optimizer` in a `def _backward(loss):` of `train(model, optimizer)`
        is the caller's argument, as it is in `train`'s own body."""

        def free(mapping: Mapping[str, Any]) -> dict[str, Any]:
            return {name: value for name, value in mapping.items() if name not in local}

        return replace(
            self,
            overlay={**free(enclosing.overlay), **self.overlay},
            overlay_roles={**free(enclosing.overlay_roles), **self.overlay_roles},
            arguments={**free(enclosing.arguments), **self.arguments},
            own_keys={**free(enclosing.own_keys), **self.own_keys},
        )

    def bindings(self, key: str) -> list[Binding]:
        for scope in self.scopes:
            found = scope.bindings.get(key)
            if found:
                return found
        return []

    @by_receiver
    def canonical(self, node: cst.BaseExpression, depth: int = 0) -> str:
        """A key naming the object `node` evaluates to, through aliases."""
        if depth > 8:
            return code_of(node)
        if isinstance(node, cst.Name):
            if node.value in self.overlay:
                return self.overlay[node.value]
            aliases = [b.alias for b in self.bindings(node.value) if b.alias is not None]
            others = [b for b in self.bindings(node.value) if b.alias is None and b.element_of is None]
            if aliases and not others and len({code_of(a) for a in aliases}) == 1:
                return self.canonical(aliases[0], depth + 1)
            elements = [b.element_of for b in self.bindings(node.value) if b.element_of is not None]
            if elements and not others and not aliases:
                return self.canonical(elements[0], depth + 1)
            return self.own_keys.get(node.value, node.value)
        if isinstance(node, cst.Attribute):
            key = code_of(node)
            if key in self.overlay:  # `self.optimizer` of an instance's method: what the caller handed its construction
                return self.overlay[key]
            aliases = [b.alias for b in self.bindings(key) if b.alias is not None]
            if aliases and len({code_of(a) for a in aliases}) == 1 and len(self.bindings(key)) == len(aliases):
                return self.canonical(aliases[0], depth + 1)
            handed = self.handed_attribute(node) if not self.bindings(key) else None
            if handed is not None:  # `args.optimizer` of a helper handed `args`: what its caller stored there
                caller, attribute = handed
                return caller.canonical(attribute, depth + 1)
            if self.is_key_read(node):  # `optims.discriminator` of a Munch: its element `optims["discriminator"]`
                return f'{self.canonical(node.value, depth + 1)}["{node.attr.value}"]'
            handed = self.construction_handed(node, depth)
            if handed is not None:  # `pair.optimizer` of `pair = OptimizerScheduler(optimizer, scheduler)`: `optimizer`
                return handed
            return f"{self.canonical(node.value, depth + 1)}.{node.attr.value}"
        if isinstance(node, cst.Subscript):
            return f"{self.canonical(node.value, depth + 1)}[{code_of(node)[len(code_of(node.value)) + 1:-1]}]"
        attribute = self.attribute_got(node) if isinstance(node, cst.Call) else None
        if attribute is not None:  # `self._updater.get_optimizer()`: the `self.optimizer` the getter returns
            return f"{self.canonical(node.func.value, depth + 1)}.{attribute}"  # type: ignore[attr-defined]
        return code_of(node)

    def handed_attribute(self, node: cst.Attribute) -> "tuple[Resolver, cst.Attribute] | None":
        """`args.scheduler` of a helper's parameter `args` (not `self`), read at the caller as the attribute of the
        argument it handed (`train(model, args)` after `args.scheduler = scheduler`), with the caller's resolver; None
        where the caller binds no such attribute (then it stays the helper's own, unknown)."""
        if not isinstance(node.value, cst.Name) or node.value.value == "self":
            return None
        handed = self.arguments.get(node.value.value)
        if handed is None or not isinstance(handed[1], (cst.Name, cst.Attribute)):
            return None
        caller, argument = handed
        attribute = cst.Attribute(argument, node.attr)
        return (caller, attribute) if caller.bindings(code_of(attribute)) else None

    def construction_handed(self, node: cst.Attribute, depth: int) -> str | None:
        """The key of the optimizer a construction handed an instance for `name.x`: `name` bound once, to a
        construction of one class of the file or of its project whose own `__init__` alone binds `self.x`, to its
        parameter, which the construction gives an optimizer's name or attribute (`pair = OptimizerScheduler(optimizer,
        scheduler)`: `pair.optimizer` is `optimizer`, as the `self.optimizer` of `pair.step()` inlined is). None
        otherwise (the instance's own)."""
        if not isinstance(node.value, cst.Name) or node.value.value in self.overlay or self.same_file is None:
            return None
        key = ("construction_handed", code_of(node))
        if key in self.answers:
            return self.answers[key]  # type: ignore[return-value]
        self.answers[key] = None  # asked again while it is answered (the argument's role reads this key): unknown
        handed = self.handed_by_construction(node, depth)
        if depth:
            del self.answers[key]  # an inner step's answer, cut by its depth: not the key's
        else:
            self.answers[key] = handed
        return handed

    def handed_by_construction(self, node: cst.Attribute, depth: int) -> str | None:
        """`construction_handed`'s answer, asked once per key."""
        handed = self.handed_to_init(node.value.value, node.attr.value, depth)  # type: ignore[attr-defined]
        if handed is None:
            return None
        at, argument = handed
        if at.role(argument, depth + 1) is not Role.OPTIMIZER:
            return None  # a model's part stays the instance's own (`model.backbone`, frozen apart from its model)
        return at.canonical(argument, depth + 1)

    def handed_to_init(self, instance: str, attribute: str, depth: int = 0) -> "tuple[Resolver, cst.Name | cst.Attribute] | None":
        """What the construction `instance` is bound to handed the `__init__` parameter its class binds `self.attribute`
        to, a name or an attribute, with the resolver where the construction is: `instance` bound once, to a class of
        the file or of its project called by its own name, whose `__init__` alone binds the attribute, to a parameter
        it never rebinds. None otherwise."""
        bindings = self.bindings(instance)
        single = bindings[0] if len(bindings) == 1 and bindings[0].alias is None and bindings[0].unpacked is None else None
        call = single.value if single is not None else None
        callee = (dotted_name(call.func) or "").rsplit(".", 1)[-1] if isinstance(call, cst.Call) else ""
        if not callee.lstrip("_")[:1].isupper() or any(a.star for a in call.args):  # type: ignore[union-attr]
            return None  # a class is called by its capital: a function's return is not read here
        at = self.at(single.home)  # type: ignore[union-attr]
        built = at.classes_built(call, depth + 1)
        if built is None or len(built) != 1 or built[0][1].name.value != callee:
            return None  # not one class of the project, or a factory's construction whose arguments are not the call's
        index, cls = built[0]
        key = f"self.{attribute}"
        init = index.built_in_init(cls, key)
        bound = index.class_scope(cls).bindings.get(key, [])
        alias = bound[0].alias if init is not None and len(bound) == 1 else None
        if not isinstance(alias, cst.Name) or index.scope(init).bindings.get(alias.value):
            return None  # not a parameter, or one `__init__` rebinds
        argument = arguments_by_parameter(call, init, constructs=True).get(alias.value)  # type: ignore[arg-type]
        return (at, argument) if isinstance(argument, (cst.Name, cst.Attribute)) else None

    def attribute_got(self, call: cst.Call) -> str | None:
        """`optimizer` of `updater.get_optimizer()`, a method of a class this resolver knows (the instance's, or the
        file's own for `self.get_optimizer()`), called with no argument on a name or an attribute, whose one return is
        an attribute of its `self`, or a name the method binds once to one (`task: BaseTask = self.task; return
        task`): the call is that attribute of its receiver. None for anything else."""
        if call.args or not isinstance(call.func, cst.Attribute) or not isinstance(call.func.value, (cst.Name, cst.Attribute)):
            return None
        key = ("attribute_got", code_of(call))
        if key not in self.answers:
            self.answers[key] = None  # asked again while it is answered (the receiver built from this call): unknown
            returned = self.same_file.returned_aliases(call, self) if self.same_file is not None else ()
            chain = dotted_name(returned[0]) if len(returned) == 1 else None
            self.answers[key] = chain.removeprefix("self.") if chain is not None and chain.startswith("self.") else None
        return self.answers[key]

    @by_receiver
    def role(self, node: cst.BaseExpression, depth: int = 0) -> Role | None:
        """The receiver's role from its bindings, else from what its name says.

        A receiver named like a scheduler is an optimizer only on positive evidence:
        an optimizer class constructed, or returned by a function of the file.
        """
        found = self.bound_role(node, depth)
        if depth == 0 and found is Role.OPTIMIZER and says_scheduler(last_name(node) or "") and not self.built_as_optimizer(node):
            return None
        return found

    def bound_role(self, node: cst.BaseExpression, depth: int) -> Role | None:
        if depth > 8 or self.reads_none(node):
            return None
        if type(node) is cst.Name and self.overlay_roles.get(node.value) is not None:
            return self.overlay_roles[node.value]
        if type(node) is cst.Name and node.value in self.arguments and node.value not in self.overlay_roles:
            caller, argument = self.arguments[node.value]  # a parameter of a function whose return is resolved
            passed = caller.role(argument, depth + 1)
            if passed is not None:
                return passed
        kind = type(node)  # LibCST's node classes are final: `type()` spares ABCMeta's isinstance
        if kind is cst.Subscript:
            entries = self.dict_element(node, depth)
            if entries is None:
                return self.role(node.value, depth + 1)
            found = {resolver.role(entry, depth + 1) for resolver, entry in entries}
            return found.pop() if len(found) == 1 else None
        if kind is cst.Attribute and self.is_key_read(node):
            return self.role(node.value, depth + 1)  # an element of the mapping: the role its elements agree on
        if kind is cst.Call:
            return self.call_role(node, depth)
        if kind is cst.Dict or kind is cst.DictComp:  # `return {name: Adam(...) for ...}` of a factory
            entries = mapping_entries(node)
            return self.held_role(entries, depth) if entries is not None else None
        elements = tuple_elements(node)
        if elements is not None:  # `[opt]` returned for `opts, scheds = self.configure_optimizers()`
            found = {self.role(element, depth + 1) for element in elements}
            return found.pop() if len(found) == 1 else None
        roles: set[Role | None] = set()
        key = code_of(node) if type(node) in (cst.Name, cst.Attribute) else None
        scope = next((scope for scope in self.scopes if scope.bindings.get(key)), None) if key is not None else None
        for binding in scope.bindings[key] if scope is not None and key is not None else []:
            reader = scope.reader(binding) if scope.reader is not None else self  # a subclass's, in its words
            if isinstance(binding.value, cst.Call) and hands_back(binding.value, key) and not reader.returned(binding.value, depth):
                continue  # `optimizer = set_lr(optimizer, p)`, a call the file does not define: the same object again
            roles.add(reader.binding_role(key, binding, depth))
        known = roles - {None}
        if len(known) == 1:
            return known.pop()
        if len(known) > 1:
            return Role.OTHER if Role.OPTIMIZER not in known else None
        return role_from_name(last_name(node))

    def reads_none(self, node: cst.BaseExpression) -> bool:
        """Whether `node` is `None` or a part of it (`trainer.scaler` of a helper's parameter handed `None`): reading
        an attribute of `None` raises, so it is no object of any role, whatever its name says. Not where the code
        binds the name or a part of its chain itself (`if optimizer is None: optimizer = SGD(...)`)."""
        chain = node
        while type(chain) is cst.Attribute or type(chain) is cst.Subscript:  # final classes: no ABCMeta isinstance
            if self.bindings(code_of(chain)):
                return False
            chain = chain.value
        return (
            type(chain) is cst.Name and not self.bindings(chain.value)
            and AFTER_FIRST_NAME.split(self.canonical(node), 1)[0] == "None"
        )

    def binding_role(self, key: str | None, binding: Binding, depth: int) -> Role | None:
        """The role one binding of `key` gives it (None: an element assigned to a mapping's key, `optims[name] = ...`)."""
        if binding.alias is not None:
            return self.role(binding.alias, depth + 1)
        if binding.element_of is not None:
            return self.role(binding.element_of, depth + 1)
        if binding.unpacked is not None:
            return self.returned_role(self.unpacked_values(binding.unpacked, depth), depth) or binding.role
        entries = mapping_entries(binding.value)
        held = self.held_role(entries, depth, key) if entries is not None else None
        if held is not None:
            return held
        if isinstance(binding.value, cst.Call):
            return self.call_role(binding.value, depth + 1)
        return binding.role

    def held_role(self, entries: list[cst.BaseExpression], depth: int, key: str | None = None) -> Role | None:
        """The role every element of a mapping agrees on: the values its construction holds (`entries`) and those
        assigned to the keys of the mapping bound to `key` since (`optims[name] = Adam(...)`); None when there are
        none, or they disagree."""
        if depth > 6:
            return None
        items = next((scope.items[key] for scope in self.scopes if key in scope.items), []) if key is not None else []
        roles = {self.role(entry, depth + 1) for entry in entries} | {self.binding_role(None, item, depth + 1) for item in items}
        return roles.pop() if len(roles) == 1 else None

    def is_key_read(self, node: cst.Attribute) -> bool:
        """`optims.discriminator` where `optims` is a mapping whose attributes are its keys (a `Munch`: see
        vocabulary.ATTRIBUTE_MAPPINGS) and the attribute is not bound of its own nor one of the mapping's methods."""
        return (
            node.attr.value not in MAPPING_METHODS and not self.bindings(code_of(node))
            and self.attribute_mapping(node.value)
        )

    def attribute_mapping(self, node: cst.BaseExpression, depth: int = 0) -> bool:
        """Whether every binding of `node` (through aliases, a helper's argument, a function of the file whose every
        return builds one) is the construction of a mapping whose attributes are its keys; unknown is not one. Asked
        by `canonical`: a function's returns are read as written, with no resolver of it (whose arguments would be
        made canonical in turn)."""
        if depth > 6:
            return False
        if isinstance(node, cst.Name) and node.value in self.arguments:
            caller, argument = self.arguments[node.value]
            return caller.attribute_mapping(argument, depth + 1)
        if type(node) is cst.Call:
            if last_name(node.func) in ATTRIBUTE_MAPPINGS:
                return True
            returned = self.returned_expressions(node)
            return bool(returned) and all(isinstance(r, cst.Call) and last_name(r.func) in ATTRIBUTE_MAPPINGS for r in returned)
        if not isinstance(node, (cst.Name, cst.Attribute)):
            return False
        bindings = self.bindings(code_of(node))
        return bool(bindings) and all(
            self.at(b.home).attribute_mapping(b.alias, depth + 1) if b.alias is not None
            else b.value is not None and self.attribute_mapping(b.value, depth + 1)
            for b in bindings
        )

    # What functions of the same file return ---------------------------------------

    def returned(self, call: cst.Call, depth: int) -> list[tuple["Resolver", cst.BaseExpression]]:
        if self.same_file is None or depth > 6:
            return []
        return self.same_file.returned(call, self)

    def returned_expressions(self, call: cst.Call) -> tuple[cst.BaseExpression, ...]:
        """What a function of the file or of the project returns, as written (no resolver made for it); a method of an
        instance whose class this resolver knows, too (`model.configure_optimizers()`)."""
        return self.same_file.returned_expressions(call, self) if self.same_file is not None else ()

    def unpacked_values(self, unpacked: Unpacked, depth: int) -> list[tuple["Resolver", cst.BaseExpression]]:
        """`opt, sched = f()` with `f` returning `a, b` (or `[a], [b]`): each return's element for this name. A
        return of plain elements but another width raises at the unpacking, so no value of it gets here (a helper
        returning seven values when asked for its scheduler and three otherwise)."""
        found = []
        for callee, value in self.returned(unpacked.call, depth):
            elements = tuple_elements(value)
            if elements is None or unpacked.starred or any(isinstance(e, cst.StarredElement) for e in value.elements):  # type: ignore[attr-defined]
                return []  # not a plain tuple: unknown
            if len(elements) == len(unpacked.targets):
                found.append((callee, elements[unpacked.position]))
        return found

    def returned_role(self, values: list[tuple["Resolver", cst.BaseExpression]], depth: int) -> Role | None:
        """The role every returned value agrees on, if any."""
        roles = {callee.role(value, depth + 1) for callee, value in values}
        return roles.pop() if len(roles) == 1 else None

    def call_role(self, call: cst.Call, depth: int) -> Role | None:
        """What a call returns: what a function of the file visibly returns, what the mapping it builds holds
        (`Munch(g=opt_g)`), else what the callee's name says."""
        returned = self.returned_role(self.returned(call, depth), depth)
        if returned is not None:
            return returned
        entries = mapping_entries(call)
        held = self.held_role(entries, depth) if entries is not None else None
        if held is not None:
            return held
        callee = dotted_name(call.func)
        if type(call.func) is cst.Name and not self.bindings(call.func.value):
            return self.class_parameter_role(call.func.value)
        return self.constructed_role(callee) if callee else None

    def class_parameter_role(self, name: str) -> Role | None:
        """What calling `name` builds where it may be a parameter holding a class: an optimizer where the caller
        hands a torch optimizer class, or, handed nothing (a root, a call leaving it out), where the parameter defaults
        to one (MultiBench's `optimtype=torch.optim.RMSprop`, built as `op = optimtype(...)`); else what the name says,
        as before."""
        handed = self.arguments.get(name)
        if handed is not None:
            caller, argument = handed
            cls = dotted_name(argument)
        else:
            caller, default = self, self.same_file.parameter_default(name) if self.same_file is not None else None
            cls = dotted_name(default) if default is not None else None
        if cls is not None and caller.constructed_role(cls) is Role.OPTIMIZER:
            return Role.OPTIMIZER
        return self.constructed_role(name)

    def constructed_role(self, callee: str) -> Role | None:
        """What calling `callee` returns by its name (`names.constructor_role`), where a class of the file or of the
        project derived from a torch optimizer is an optimizer whatever its name (aihwkit's `AnalogSGD(Mixin, SGD)`):
        its `step` and `zero_grad` are the optimizer's, or its own update."""
        role = constructor_role(callee)
        if role is Role.OTHER and self.same_file is not None and self.same_file.is_torch_optimizer_class(callee):
            return Role.OPTIMIZER
        return role

    def dict_element(self, node: cst.Subscript, depth: int) -> list[tuple["Resolver", cst.BaseExpression]] | None:
        """The entries `config["lr_scheduler"]` may read: that key's entry of each dict literal the mapping may be (see
        `dict_literals`); None where one of them is no dict literal holding the key once."""
        key = node.slice[0].slice if len(node.slice) == 1 and isinstance(node.slice[0].slice, cst.Index) else None
        if key is None or not isinstance(key.value, cst.SimpleString) or depth > 6:
            return None
        literals = self.dict_literals(node.value, depth + 1)
        if not literals:
            return None
        found = []
        for resolver, literal in literals:
            entries = [
                e.value for e in literal.elements
                if isinstance(e, cst.DictElement) and isinstance(e.key, cst.SimpleString) and e.key.evaluated_value == key.value.evaluated_value
            ]
            if len(entries) != 1:
                return None
            found.append((resolver, entries[0]))
        return found

    def dict_literals(self, node: cst.BaseExpression, depth: int) -> list[tuple["Resolver", cst.Dict]] | None:
        """The dict literals `node` may be, each with the resolver of where it is written: the literal itself, the one a
        name is bound to, what a function of the file returns, an entry of an outer one read by its key
        (`op_sc["optimizer"]` of `op_sc["optimizer"]["module"]`), or each value of the one a loop walks (`for name,
        op_sc in self.optimizers.items()`, which nothing else writes to or grows); None where one of them is not a
        dict literal or not known."""
        if depth > 6:
            return None
        if type(node) is cst.Dict:
            return [(self, node)]
        if type(node) is cst.Subscript:
            entries = self.dict_element(node, depth)
            candidates = entries if entries is not None else []
        elif (collection := self.collection_of(node)) is not None:
            if any(code_of(collection) in scope.items or code_of(collection) in scope.grown for scope in self.scopes):
                return None
            walked = self.dict_literals(collection, depth + 1)
            if walked is None or any(isinstance(e, cst.StarredDictElement) for _, literal in walked for e in literal.elements):
                return None
            candidates = [(resolver, e.value) for resolver, literal in walked for e in literal.elements]
        else:
            value = self.value_of(node)
            candidates = self.returned(value, depth) if isinstance(value, cst.Call) else [(self, value)] if value is not None else []
        found: list[tuple["Resolver", cst.Dict]] = []
        for resolver, candidate in candidates:
            literals = resolver.dict_literals(candidate, depth + 1)
            if not literals:
                return None
            found += literals
        return found or None

    def built_as_optimizer(self, node: cst.BaseExpression) -> bool:
        """Positive evidence: an optimizer class constructed (through aliases), or a function of the file returning one."""
        call = self.constructor_of(node)
        if call is not None and (last_name(call.func) or "")[:1].isupper():
            return True
        bindings = self.bindings(code_of(node)) if isinstance(node, (cst.Name, cst.Attribute)) else []
        return any(
            binding.unpacked is not None and self.returned_role(self.unpacked_values(binding.unpacked, 0), 0) is Role.OPTIMIZER
            for binding in bindings
        )

    # Which optimizer a learning-rate scheduler is built on --------------------------

    @by_receiver
    def scheduled_optimizer(self, node: cst.BaseExpression, depth: int = 0) -> str | None:
        """The key of the optimizer that the scheduler `node` is visibly built on (see
        `names.scheduled_optimizer_argument`), through aliases, helper arguments and
        functions of the file that return it; None when that is not visible."""
        if depth > 8:
            return None
        # A helper's parameter, or an instance's `self.scheduler` its construction was handed: read where the caller built it.
        handed = self.arguments.get(code_of(node)) if isinstance(node, (cst.Name, cst.Attribute)) else None
        if handed is not None:
            caller, argument = handed
            return caller.scheduled_optimizer(argument, depth + 1)
        if isinstance(node, cst.Call):
            argument = scheduled_optimizer_argument(node, self.is_torch_scheduler)
            argument = argument if argument is not None else self.table_schedule_argument(node)
            if argument is not None:
                return self.canonical(argument)
            if is_lightning_call(node, LIGHTNING_SCHEDULERS):  # `sched = self.lr_schedulers()`: the one configured
                return self.configured_schedule(None, 1, depth)
            # A factory's schedule (`build_scheduler(cfg, opt)` of the project), whatever its words say.
            returned = self.same_file.factory_returned(node, self) if self.same_file is not None and depth <= 6 else []
            return self.agreed(self.exported(callee, [value], 0, (), depth) for callee, value in returned) if returned else None
        if not isinstance(node, (cst.Name, cst.Attribute)):
            return None
        bindings = self.bindings(code_of(node))
        writer = self.base_writer(code_of(node)) if not bindings else None
        if writer is not None:  # `self.scheduler` a base's `__init__` built on `self.optimizer`, in its module's words
            key = writer.scheduled_optimizer(node, depth + 1)
            return key if key is not None and AFTER_FIRST_NAME.split(key, 1)[0] == "self" else None
        if not bindings and isinstance(node, cst.Attribute):
            handed_attribute = self.handed_attribute(node)
            if handed_attribute is not None:  # `args.scheduler` of a helper handed `args`: where its caller built it
                caller, attribute = handed_attribute
                return caller.scheduled_optimizer(attribute, depth + 1)
            return self.instance_schedule(node, depth)
        keys = []
        for binding in bindings:
            if binding.alias is not None:
                keys.append(self.alias_reader(code_of(node), binding).scheduled_optimizer(binding.alias, depth + 1))
            elif binding.unpacked is not None:
                keys.append(self.unpacked_schedule(binding.unpacked, depth))
            elif isinstance(binding.value, cst.Call):
                keys.append(self.scheduled_optimizer(binding.value, depth + 1))
            else:
                keys.append(None)
        return self.agreed(keys)

    def instance_schedule(self, node: cst.Attribute, depth: int) -> str | None:
        """The optimizer of `model.scheduler`, an attribute of an object built from a class of the file or of its
        project (`model = SessionGraph(...)`, or a parameter a caller hands one) whose `__init__` alone builds it on
        another attribute of its own (`self.scheduler = StepLR(self.optimizer, ...)`): that attribute of the same
        object, `model.optimizer`. None when a class is not known, or builds it otherwise."""
        same_file = self.same_file
        if same_file is None:
            return None
        keys = []
        for built in self.classes_built(node.value, depth + 1) or ():
            writer = same_file.init_writer(built, f"self.{node.attr.value}")
            key = writer.scheduled_optimizer(cst.Attribute(cst.Name("self"), node.attr), depth + 1) if writer is not None else None
            own = key is not None and AFTER_FIRST_NAME.split(key, 1)[0] == "self"  # `self.optimizer`, not a parameter
            keys.append(f"{self.canonical(node.value)}{key[len('self'):]}" if own and key is not None else None)
        return self.agreed(keys) if keys else None

    def table_schedule_argument(self, call: cst.Call) -> cst.BaseExpression | None:
        """The optimizer of `SCHEDULERS[name](optimizer, **kwargs)`: a call of an entry of a dict, list or tuple bound
        once to a literal, nothing stored into it anywhere in its module, each of whose values is a class building a PyTorch scheduler
        (`{"step": StepLR, "exponential": ExponentialLR}`), whichever the key picks; None otherwise (a table that also
        holds the project's own schedule: which one runs is not known)."""
        table = call.func.value if isinstance(call.func, cst.Subscript) else None
        if not isinstance(table, cst.Name) or self.same_file is None or self.same_file.written_into(table.value):
            return None
        bindings = self.bindings(table.value)
        value = bindings[0].value if len(bindings) == 1 else None
        values = [e.value for e in value.elements] if isinstance(value, (cst.List, cst.Tuple)) else mapping_entries(value)
        classes = [dotted_name(v) for v in values or ()]
        if not classes or None in classes or not all(self.is_torch_scheduler(c) for c in classes):  # type: ignore[arg-type]
            return None
        return scheduled_optimizer_argument(cst.Call(func=cst.Name(classes[0].rsplit(".", 1)[-1]), args=call.args), lambda _: True)  # type: ignore[union-attr]

    def alias_reader(self, key: str, binding: Binding) -> "Resolver":
        """The resolver that reads the alias `binding` of `key` where it was written: in the method that bound it
        (`self.scheduler = scheduler` of `__init__`), in its module's words where a base of another module bound it
        (`scheduler = build_scheduler(optimizer, cfg)`, a factory that module imports)."""
        scope = next((scope for scope in self.scopes if scope.bindings.get(key)), None)
        writer = self.base_writer(key) if scope is not None and scope.built_in is not None else None
        return writer if writer is not None else self.at(binding.home)

    def configured_schedule(self, position: int | None, count: int, depth: int) -> str | None:
        """The optimizer of the scheduler at `position` of the `count` that `self.lr_schedulers()` hands back (None: the
        one), as this method names it: each `return [opt_g, opt_d], [sched_g, sched_d]` of the class's
        `configure_optimizers` must build that scheduler on the optimizer at one place of its list, and this method
        must bind the optimizer at that place by `self.optimizers()` (`opt_g, opt_d = self.optimizers()`); None
        otherwise (another form of return, a scheduler whose optimizer is not visible)."""
        keys = []
        for method, value in self.same_file.configured() if self.same_file is not None and depth <= 6 else ():
            returned = tuple_elements(value)
            if returned is None or len(returned) != 2:
                return None
            optimizers, schedulers = (tuple_elements(part) or [part] for part in returned)
            if len(schedulers) != count or (position is None and count != 1):
                return None
            key = method.scheduled_optimizer(schedulers[position or 0], depth + 1)
            place = next((i for i, optimizer in enumerate(optimizers) if key is not None and method.canonical(optimizer) == key), None)
            keys.append(self.configured_optimizer(place, len(optimizers)) if place is not None else None)
        return self.agreed(keys) if keys else None

    def configured_optimizer(self, position: int, count: int) -> str | None:
        """The name this method binds to the optimizer at `position` of the `count` its class's `configure_optimizers`
        returns: a target of `opt_g, opt_d = self.optimizers()`, or the name of `opt = self.optimizers()` for one."""
        found = {
            key for key, bindings in self.scopes[0].bindings.items() for b in bindings
            if (b.unpacked is not None and is_lightning_call(b.unpacked.call, LIGHTNING_OPTIMIZERS)
                and (b.unpacked.position, len(b.unpacked.targets)) == (position, count))
            or (b.unpacked is None and isinstance(b.value, cst.Call) and is_lightning_call(b.value, LIGHTNING_OPTIMIZERS) and count == 1)
        }
        return found.pop() if len(found) == 1 else None

    def base_writer(self, key: str) -> "Resolver | None":
        """The resolver of the base's `__init__` that alone binds `self.x`, a key no scope of this resolver binds (a
        subclass's hook stepping the scheduler its base built); None where no base's `__init__` alone builds it."""
        built_in = next((scope.built_in for scope in self.scopes if scope.built_in is not None), None)
        return built_in(key) if built_in is not None and key.startswith("self.") else None

    def unpacked_schedule(self, unpacked: Unpacked, depth: int) -> str | None:
        if is_lightning_call(unpacked.call, LIGHTNING_SCHEDULERS):  # `sched_g, sched_d = self.lr_schedulers()`
            return self.configured_schedule(unpacked.position, len(unpacked.targets), depth)
        keys = []
        for callee, value in self.returned(unpacked.call, depth):
            elements = tuple_elements(value)
            if elements is None or len(elements) != len(unpacked.targets):
                return None
            keys.append(self.exported(callee, elements, unpacked.position, unpacked.targets, depth))
        return self.agreed(keys) if keys else None

    def exported(
        self, callee: "Resolver", values: list[cst.BaseExpression], position: int, targets: tuple[cst.BaseExpression, ...], depth: int
    ) -> str | None:
        """The optimizer of the scheduler `values[position]` that a function of the file returns, as a key of
        ours: one of the function's parameters (bound to our arguments), or returned next to the scheduler
        (`return opt, sched` unpacked into `targets`)."""
        key = callee.scheduled_optimizer(values[position], depth + 1)
        if key is None:
            return None
        unbound = replace(callee, overlay={}, arguments={}).scheduled_optimizer(values[position], depth + 1)
        if key != unbound or callee.reads_a_parameter(unbound):
            return key  # it came through the function's parameters (named as the caller names it, or not): ours
        for target, value in zip(targets, values):
            if callee.canonical(value) == key:
                return self.canonical(target)
        return None

    def reads_a_parameter(self, key: str | None) -> bool:
        """Whether a key of the function's own names starts at one of its parameters bound to the caller's objects."""
        return key is not None and (key in self.overlay or AFTER_FIRST_NAME.split(key, 1)[0] in self.overlay)

    @staticmethod
    def agreed(keys) -> str | None:
        found = set(keys)
        return found.pop() if len(found) == 1 else None

    def is_torch_scheduler(self, callee: str) -> bool:
        """Whether calling `callee` builds a PyTorch LR scheduler (`ModuleIndex.is_torch_scheduler`)."""
        return self.same_file.is_torch_scheduler(callee) if self.same_file is not None else builds_torch_scheduler(callee, False)

    def option_default(self, dest: str) -> cst.BaseExpression | None:
        """The default the file gives the command-line option `dest` (`parser.add_argument("--momentum", default=0.9)`)."""
        return self.same_file.option_default(dest) if self.same_file is not None else None

    @by_receiver
    def value_of(self, node: cst.BaseExpression) -> cst.BaseExpression | None:
        """The single expression a name is bound to, if there is exactly one."""
        if not isinstance(node, (cst.Name, cst.Attribute)):
            return None
        values = [b.value for b in self.bindings(code_of(node)) if b.value is not None]
        return values[0] if len(values) == 1 else None

    def collection_of(self, node: cst.BaseExpression) -> cst.BaseExpression | None:
        """The collection a name ranges over, when a loop over it is its only binding (`for opt in optimizers:`)."""
        if not isinstance(node, cst.Name) or node.value in self.overlay:
            return None
        bindings = self.bindings(node.value)
        collections = {code_of(b.element_of) for b in bindings if b.element_of is not None}
        return bindings[0].element_of if len(collections) == 1 and all(b.element_of is not None for b in bindings) else None

    def elements_of(self, collection: cst.BaseExpression) -> dict[str, cst.BaseExpression]:
        """The keys of what a list, tuple or dict literal (or the one such a name is bound to) holds, each with its
        element; empty when its contents are not visible. An element the literal bound to a name builds itself
        (`optimizers = {"student": AdamW(...)}`) is keyed as its subscript reads it: `optimizers["student"]`."""
        literal = isinstance(collection, (cst.List, cst.Tuple, cst.Dict))
        value = collection if literal else self.value_of(collection)
        if isinstance(value, cst.Dict):
            pairs = [(e.key, e.value) for e in value.elements if isinstance(e, cst.DictElement)]
        else:
            pairs = [(cst.Integer(str(i)), e) for i, e in enumerate(tuple_elements(value) or ())] if value is not None else []
        found: dict[str, cst.BaseExpression] = {}
        for index, element in pairs:
            if not literal and not isinstance(element, (cst.Name, cst.Attribute)) and plain_index(code_of(index)) is not None:
                found[f"{self.canonical(collection)}[{code_of(index)}]"] = element
            else:
                found[self.canonical(element)] = element
        return found

    @by_receiver
    def constructor_of(self, node: cst.BaseExpression, depth: int = 0) -> cst.Call | None:
        """The optimizer constructor call a receiver is bound to, through aliases."""
        if depth > 8 or not isinstance(node, (cst.Name, cst.Attribute)):
            return None
        if isinstance(node, cst.Name) and node.value in self.overlay:
            return None
        calls = []
        for binding in self.bindings(code_of(node)):
            wrapped = wrapped_argument(binding.value) if isinstance(binding.value, cst.Call) else None
            if wrapped is not None and code_of(wrapped) == code_of(node):
                continue  # `optimizer = accelerator.prepare(optimizer)`: the same optimizer again
            if binding.alias is not None or wrapped is not None:
                calls.append(self.at(binding.home).constructor_of(binding.alias or wrapped, depth + 1))
            elif isinstance(binding.value, cst.Call) and binding.role is Role.OPTIMIZER:
                calls.append(binding.value)
        found = [c for c in calls if c is not None]
        return found[0] if len(found) == 1 else None

    def construction_reads(self, key: str, depth: int = 0) -> frozenset[str] | None:
        """The names and attributes the arguments of the one construction of the module bound to `key` read, but
        for the callables they call (`Net(nn.Linear(dim, 1)).to(device)`: `dim`); None unless it is one visible
        construction of a class, with nothing assigned onto it later (`key.head = other` may make another model a
        part of it). A key the caller handed a helper (`d_model` of `train_epoch(g_model, d_model, ...)`) is read
        where the caller built it; one a factory's returned tuple binds (`g_model, d_model = build_models()`), in the
        factory, its parameters read as the caller's keys."""
        if depth > 6:
            return None
        caller = next((self.arguments[name][0] for name, handed in self.overlay.items() if handed == key and name in self.arguments), None)
        if caller is not None:
            return caller.construction_reads(key, depth + 1)
        bindings = [] if key in self.overlay else self.bindings(key)
        if len(bindings) == 1 and bindings[0].unpacked is not None:
            return self.factory_element_reads(key, bindings[0].unpacked, depth)
        call = bindings[0].value if len(bindings) == 1 else None
        while isinstance(call, cst.Call) and isinstance(call.func, cst.Attribute) and call.func.attr.value in MOVING_METHODS:
            call = call.func.value
        if not isinstance(call, cst.Call) or not (last_name(call.func) or "")[:1].isupper():
            return None  # a factory or `copy.deepcopy(...)` may hand back (a part of) another model
        if any(other.startswith(key + ".") for scope in self.scopes for other in scope.bindings):
            return None
        read = [n for a in call.args for n in nodes_of(a.value, (cst.Name, cst.Attribute))]
        called = {id(n) for c in nodes_of(call, cst.Call) for n in nodes_of(c.func, (cst.Name, cst.Attribute))}
        return frozenset(code_of(n) for n in read if id(n) not in called)  # `nn.Linear(width, 1)` reads `width`

    def factory_element_reads(self, key: str, unpacked: Unpacked, depth: int) -> frozenset[str] | None:
        """`construction_reads` of the one name a factory returns at this position, where that name is one visible
        construction in the factory: what it reads, a parameter of the factory read as the caller's key."""
        values = self.unpacked_values(unpacked, depth)
        if len(values) != 1 or not isinstance(values[0][1], cst.Name) or any(
            other.startswith(key + ".") for scope in self.scopes for other in scope.bindings
        ):
            return None
        factory, value = values[0]
        reads = factory.construction_reads(value.value, depth + 1)
        return frozenset(map(factory.as_handed, reads)) if reads is not None else None

    def as_handed(self, read: str) -> str:
        """A key of this function's names as its caller keys it where it starts at a parameter (`enc.proj` -> the
        caller's `encoder.proj`), else as it is."""
        first = AFTER_FIRST_NAME.split(read, 1)[0]
        return self.overlay[first] + read[len(first):] if first in self.overlay else read

    def plainly_built(self, node: cst.BaseExpression, depth: int = 0) -> bool:
        """Whether every binding of an optimizer is visibly a construction of its class (`torch.optim.AdamW(...)`),
        through aliases, a helper's arguments and what functions of the file return: never what a wrapping
        call (`accelerator.prepare(...)`) or anything unseen gave."""
        if depth > 6:
            return False
        if isinstance(node, cst.Call):
            callee = dotted_name(node.func) or ""
            return callee.rsplit(".", 1)[-1][:1].isupper() and self.constructed_role(callee) is Role.OPTIMIZER
        if not isinstance(node, (cst.Name, cst.Attribute)) or any(code_of(node) in scope.wrapped for scope in self.scopes):
            return False
        if isinstance(node, cst.Name) and node.value in self.overlay:
            caller, argument = self.arguments.get(node.value, (None, None))
            return caller is not None and caller.plainly_built(argument, depth + 1)
        bindings = self.bindings(code_of(node))
        return bool(bindings) and all(self.binding_plainly_built(binding, depth) for binding in bindings)

    def binding_plainly_built(self, binding: Binding, depth: int) -> bool:
        if binding.alias is not None:
            return self.at(binding.home).plainly_built(binding.alias, depth + 1)
        if binding.unpacked is not None:
            values = self.unpacked_values(binding.unpacked, depth)
            return bool(values) and all(callee.plainly_built(value, depth + 1) for callee, value in values)
        return binding.value is not None and self.plainly_built(binding.value, depth + 1)

    def optimizer_models(self, node: cst.BaseExpression, depth: int = 0) -> frozenset[str]:
        """The one model whose `.parameters()` an optimizer is visibly built from, else nothing; an optimizer handed
        by the caller (a helper's parameter, an instance's `self.optimizer` from its construction) is read where the
        caller built it, its model keyed as the caller keys it (as the helper's keys are)."""
        if depth > 8:
            return frozenset()
        handed = self.arguments.get(code_of(node)) if isinstance(node, (cst.Name, cst.Attribute)) else None
        if handed is not None:
            return self.handed_models(node, *handed, depth)
        call = node if isinstance(node, cst.Call) and value_role(node) is Role.OPTIMIZER else self.constructor_of(node)
        if call is not None:
            models = self.construction_models(call) or self.returned_models(call, depth)
            return frozenset() if models & self.locals_where_built(node) else models
        return (
            self.branch_models(node) or self.configured_models(node) or self.module_owned_models(node)
            or self.factory_models(node, depth)
        )

    def locals_where_built(self, node: cst.BaseExpression) -> frozenset[str]:
        """The local names of the other methods whose `self.x = ...` bound `node` (an `__init__`'s `generator =
        EdgeGenerator()`, then `self.gen_optimizer = Adam(generator.parameters())`): names of that method alone,
        which name nothing here, so a model keyed by one of them is not known (two classes' `__init__` each
        building its own `generator` are two models, whatever a caller's `generator` is)."""
        if not isinstance(node, cst.Attribute):
            return frozenset()
        homes = [b.home for b in self.bindings(code_of(node)) if b.home is not None]
        return frozenset(
            name for home in homes if not any(home is scope for scope in self.scopes)
            for name in home.bindings if name.isidentifier()
        )

    def branch_models(self, node: cst.BaseExpression) -> frozenset[str]:
        """An optimizer constructed by every one of its bindings, each visibly over the same model's parameters
        (`if args.optimizer == "adam": optimizer = Adam(params)` / `elif ...: optimizer = SGD(params, ...)`): that
        model, whichever branch ran; nothing when a binding is anything else or two disagree. A plain name the caller
        hands is the caller's (`handed_models`); an attribute a helper on `self` binds is its own, keyed as the caller
        keys it (flair's `train_custom` inlined into `train`)."""
        if not isinstance(node, (cst.Name, cst.Attribute)) or isinstance(node, cst.Name) and node.value in self.overlay:
            return frozenset()
        bindings = self.bindings(code_of(node))
        if len(bindings) < 2 or not all(
            isinstance(b.value, cst.Call) and b.role is Role.OPTIMIZER and b.alias is None for b in bindings
        ):
            return frozenset()
        models = {self.construction_models(b.value) for b in bindings if isinstance(b.value, cst.Call)}
        return models.pop() if len(models) == 1 else frozenset()

    def handed_models(self, node: cst.BaseExpression, caller: "Resolver", argument: cst.BaseExpression, depth: int) -> frozenset[str]:
        """`optimizer_models` of a parameter the caller handed `argument`: the caller's optimizer (wrapped again by the
        function or not: `optimizer = accelerator.prepare(optimizer)`); where the function binds the parameter afresh
        (`if optimizer is None: optimizer = AdamW(...)`), that binding's where the caller hands `None`, else the models
        both give, if they agree; unknown where it does both."""
        handed_none = caller.reads_none(argument)
        handed = frozenset() if handed_none else caller.optimizer_models(argument, depth + 1)
        name = node.value if isinstance(node, cst.Name) else None
        own = self.scopes[0].bindings if self.scopes and name is not None else {}  # the function's own, not the module's
        bindings = own.get(name, []) if name is not None else []
        afresh = [binding for binding in bindings if name is not None and not reads_name(binding, name)]
        if not afresh:
            return handed
        if len(afresh) < len(bindings):
            return frozenset()
        unbound = replace(
            self,
            overlay={key: value for key, value in self.overlay.items() if key != name},
            arguments={key: value for key, value in self.arguments.items() if key != name},
        )
        built = unbound.optimizer_models(node, depth + 1)
        return built if handed_none else handed if handed == built else frozenset()

    def returned_models(self, call: cst.Call, depth: int) -> frozenset[str]:
        """`optimizer = create_optimizer(args, model=self.policy)`: the model of the optimizer a factory of the file or of
        the project returns, built over a model the caller handed it (keyed as the caller keys it), where every return
        agrees; nothing for a model of the factory's own."""
        returned = self.same_file.factory_returned(call, self) if self.same_file is not None else []
        found = {models_handed_back(factory, value, depth + 1) for factory, value in returned}
        return found.pop() if len(found) == 1 else frozenset()

    def factory_models(self, node: cst.BaseExpression, depth: int) -> frozenset[str]:
        """`g_optimizer, d_optimizer = define_optimizer(g_model, d_model, lr)`: the model of the optimizer the factory
        returns at this position, where the factory built it over a model the caller handed it (keyed as the caller
        keys it); nothing for a model of the factory's own."""
        bindings = self.bindings(code_of(node)) if isinstance(node, (cst.Name, cst.Attribute)) and code_of(node) not in self.overlay else []
        values = self.unpacked_values(bindings[0].unpacked, depth) if len(bindings) == 1 and bindings[0].unpacked is not None else []
        if len(values) != 1 or depth > 8:
            return frozenset()
        return models_handed_back(*values[0], depth + 1)

    def module_owned_models(self, node: cst.BaseExpression) -> frozenset[str]:
        """`gan.discriminator.optimizer` where every class `gan.discriminator` may have been built from binds, in one
        place, `self.optimizer = optim.Adam(self.parameters(), ...)` (a module that builds its own optimizer, or one
        over a part of it, `self.head.parameters()`): that instance, or its part, as the caller keys it; else nothing."""
        if not isinstance(node, cst.Attribute):
            return frozenset()
        classes = self.classes_built(node.value)
        parts = {owned_part(home, cls, node.attr.value) for home, cls in classes} if classes else {None}
        part = parts.pop() if len(parts) == 1 else None
        return frozenset({self.canonical(node.value) + part}) if part is not None else frozenset()

    def configured_models(self, node: cst.BaseExpression) -> frozenset[str]:
        """`opt_a, opt_b = self.optimizers()` (or `opt = self.optimizers()`) in a LightningModule's method: the model of
        the optimizer its `configure_optimizers` returns there (summaries.LIGHTNING_OPTIMIZERS), when each return
        holds one at that place, built from a part of `self` (what the two methods both call `self.x`)."""
        key = code_of(node) if isinstance(node, (cst.Name, cst.Attribute)) else None
        bindings = self.bindings(key) if key is not None and key not in self.overlay and self.same_file is not None else []
        unpacked = bindings[0].unpacked if len(bindings) == 1 else None
        call = unpacked.call if unpacked is not None else bindings[0].value if len(bindings) == 1 else None
        if not isinstance(call, cst.Call) or call.args or code_of(call.func) != f"self.{LIGHTNING_OPTIMIZERS}":
            return frozenset()
        found = set()
        for method, value in self.same_file.configured() if self.same_file is not None else ():
            if unpacked is not None:
                elements = tuple_elements(value)
                value = elements[unpacked.position] if elements is not None and len(elements) == len(unpacked.targets) else None
            if isinstance(value, cst.Call) and value_role(value) is Role.OPTIMIZER:
                models = method.construction_models(value)
            elif isinstance(value, (cst.Name, cst.Attribute)):
                call_found = method.constructor_of(value)
                models = method.construction_models(call_found) if call_found is not None else frozenset()
            else:
                models = frozenset()
            found.add(models if models and all(model.startswith("self.") for model in models) else frozenset())
        return found.pop() if len(found) == 1 else frozenset()

    def construction_models(self, call: cst.Call) -> frozenset[str]:
        """The one model whose `.parameters()` an optimizer's construction is visibly given, else nothing."""
        params = next((a.value for a in call.args if a.keyword is None), None)
        params = next((a.value for a in call.args if a.keyword and a.keyword.value == "params"), params)
        return self.parameter_owners(params) if params is not None else frozenset()

    def union_of_owners(self, parts: list[cst.BaseExpression], depth: int) -> frozenset[str]:
        """`chain(g.parameters(), e.parameters())`: every part must be some model's parameters."""
        owners = [self.parameter_owners(part, depth + 1) for part in parts]
        return frozenset().union(*owners) if all(owners) else frozenset()

    def parameter_owners(self, node: cst.BaseExpression, depth: int = 0) -> frozenset[str]:
        if depth > 6:
            return frozenset()
        if isinstance(node, cst.Call):
            if isinstance(node.func, cst.Attribute) and node.func.attr.value in {"parameters", "named_parameters"}:
                return frozenset({self.canonical(node.func.value)})
            if dotted_name(node.func) in {"list", "tuple", "filter", "iter", "set", "dict"} and node.args:
                return self.parameter_owners(node.args[-1].value, depth + 1)
            if (dotted_name(node.func) or "").endswith("chain") and node.args:
                return self.union_of_owners([a.value for a in node.args], depth)
            return frozenset()
        if isinstance(node, cst.BinaryOperation) and isinstance(node.operator, cst.Add):
            return self.union_of_owners([node.left, node.right], depth)
        if isinstance(node, (cst.ListComp, cst.GeneratorExp)):
            return self.parameter_owners(node.for_in.iter, depth + 1)
        if isinstance(node, (cst.List, cst.Tuple)) and node.elements:
            # Parameter groups: `[{"params": model.body.parameters()}, {"params": model.head.parameters(), "lr": lr}]`.
            parts = [group_parameters(element.value) for element in node.elements]
            groups = [part for part in parts if part is not None]
            return self.union_of_owners(groups, depth) if len(groups) == len(parts) else frozenset()
        if isinstance(node, (cst.Name, cst.Attribute)) and (additions := self.additions_to(code_of(node))) is not None:
            return self.grown_owners(node, additions, depth)
        collection = self.collection_of(node)
        if collection is not None:  # `weight` of `for name, weight in model.named_parameters():`
            return self.parameter_owners(collection, depth + 1)
        bound = self.value_of(node)
        return self.parameter_owners(bound, depth + 1) if bound is not None else frozenset()

    def additions_to(self, key: str) -> list[Addition | None] | None:
        """What the statements growing a collection add to it, in the scope that binds it; None when none grows it."""
        scope = next((scope for scope in self.scopes if key in scope.bindings), None)
        return scope.additions.get(key) if scope is not None else None

    def grown_owners(self, node: cst.BaseExpression, additions: list[Addition | None], depth: int) -> frozenset[str]:
        """A list of parameters (or parameter groups) bound once to a literal and grown after (`groups = []`, then
        `groups += [{"params": [weight], "lr": lr}]` in a loop over `model.named_parameters()`): the models of the
        literal's elements and of everything added, when each is some model's; nothing when one is not."""
        literal = self.value_of(node)
        if not isinstance(literal, cst.List) or None in additions:
            return frozenset()
        parts = [group_parameters(element.value) for element in literal.elements] + [
            addition.value if addition.elements else group_parameters(addition.value) for addition in additions if addition
        ]
        known = [part for part in parts if part is not None]
        return self.union_of_owners(known, depth) if known and len(known) == len(parts) else frozenset()

    def within_loop(self, target: cst.BaseExpression, iterable: cst.BaseExpression) -> "Resolver":
        """This resolver inside `for v in X:`, where `v` is an element of `X` though other loops of the function bind it
        to elements of other collections (pytorch-metric-learning's `for v in self.models.values(): v.zero_grad()`,
        then `for v in self.optimizers.values(): v.zero_grad()`): seen alone, each loop's `v` is its own collection's."""
        scope = Scope()
        bind_for_target(scope, target, iterable)
        narrowed = {
            key: found for key, found in scope.bindings.items()
            if len(every := self.bindings(key)) > 1 and all(b.element_of is not None for b in every)
        }
        return replace(self, scopes=(Scope(bindings=narrowed), *self.scopes)) if narrowed else self

    def at(self, home: Scope | None) -> "Resolver":
        """This resolver, seeing first the bindings of the method an alias was written in."""
        return replace(self, scopes=(home, *self.scopes)) if home is not None else self

    def module_origin(self, node: cst.BaseExpression, depth: int = 0) -> Origin | None:
        """What a module was built with: `model.encoder` after `model = Net().to(device)` is ("Net", ("encoder",))."""
        if depth > 8:
            return None
        if isinstance(node, cst.Name) and node.value in self.arguments:
            caller, argument = self.arguments[node.value]
            return caller.module_origin(argument, depth + 1)
        if isinstance(node, cst.Name) and node.value == "self":
            return (self.self_class, ()) if self.self_class else None
        if not isinstance(node, (cst.Name, cst.Attribute)):
            return self.origin_of_value(node, depth)
        key = code_of(node)
        origins = set()
        for binding in self.bindings(key):
            if binding.alias is not None:
                origins.add(self.at(binding.home).module_origin(binding.alias, depth + 1))
            elif binding.value is not None and not rewraps(binding.value, key):
                origins.add(self.origin_of_value(binding.value, depth))
            elif binding.value is None:
                origins.add(None)
        if not origins and isinstance(node, cst.Attribute):
            outer = self.module_origin(node.value, depth + 1)
            return (outer[0], (*outer[1], node.attr.value)) if outer is not None else None
        return origins.pop() if len(origins) == 1 else None

    @by_receiver
    def classes_built(self, node: cst.BaseExpression, depth: int = 0) -> "tuple[Built, ...] | None":
        """The classes, of the file or of its project, an object may have been built from, one for each way it was
        bound: `self.mdl` after `self.mdl = TargetRNN(...)` on one branch and `BasicRNN(...)` on the other, both
        imported; `self.loss_fn = create_loss_function(cfg)`, whose function returns a `DualLoss(cfg)`. Moving or
        wrapping it keeps its class (`DDP(model)`, `model.to(device)`). None when one of them is not known (a
        library's class, a parameter no caller binds, a value unpacked from a call). A `self.x` of a subclass's method
        that only a base's `__init__` binds is that binding's (`base_writer`)."""
        if depth > 8:
            return None
        if type(node) is cst.Name and node.value in self.arguments:
            caller, argument = self.arguments[node.value]
            return caller.classes_built(argument, depth + 1)
        if isinstance(node, cst.Call):
            inner = unwrapped_module(node)
            if inner is not None:
                return self.classes_built(inner, depth + 1)
            return self.same_file.classes_built(node, self, depth + 1) if self.same_file is not None else None
        if not isinstance(node, (cst.Name, cst.Attribute)):
            return None
        key = code_of(node)
        bindings = self.bindings(key)
        writer = self.base_writer(key) if not bindings and isinstance(node, cst.Attribute) else None
        if writer is not None:  # `self.loss` a base's `__init__` alone builds, read in its module's words
            return writer.classes_built(node, depth + 1)
        found: list[Built] = []
        for binding in bindings:
            if binding.alias is not None:
                classes = self.at(binding.home).classes_built(binding.alias, depth + 1)
            elif binding.value is not None and rewraps(binding.value, key):
                continue  # `model = DDP(model)`: the same object
            else:  # `self.model = DDP(model)` of `__init__`: its local `model`
                classes = self.at(binding.home).classes_built(binding.value, depth + 1) if binding.value is not None else None
            if classes is None:
                return None
            found.extend(classes)
        return tuple(dict.fromkeys(found)) or None

    def origin_of_value(self, value: cst.BaseExpression, depth: int) -> Origin | None:
        if not isinstance(value, cst.Call):
            return None
        inner = unwrapped_module(value)
        if inner is not None:
            return self.module_origin(inner, depth + 1)
        returned = self.same_file.returned(value, self) if self.same_file is not None else []
        if returned:  # `model = build_model(cfg)`: what that function of the file returns
            origins = {resolver.module_origin(expression, depth + 1) for resolver, expression in returned}
            return origins.pop() if len(origins) == 1 else None
        callee = dotted_name(value.func)
        return (callee, ()) if callee else None

    def collection_owner(
        self, node: cst.BaseExpression, elements: Mapping[str, cst.BaseExpression] | None = None, depth: int = 0
    ) -> tuple["Resolver", str, cst.BaseExpression] | None:
        """Whose parameters a collection holds: ("model", the module) or ("optimizer", the optimizer), with the
        resolver that reads that expression (a helper's caller's, for a collection handed in). `elements`: the
        loop variables around here and the collections they range over."""
        elements = elements or {}
        if depth > 8:
            return None
        if isinstance(node, cst.Name) and node.value in elements:
            return self.collection_owner(elements[node.value], elements, depth + 1)
        if isinstance(node, cst.Call):
            if isinstance(node.func, cst.Attribute) and node.func.attr.value in {"parameters", "named_parameters"}:
                return self, "model", node.func.value
            if dotted_name(node.func) in {"list", "tuple", "filter", "iter", "sorted", "reversed", "enumerate"} and node.args:
                return self.collection_owner(node.args[-1].value, elements, depth + 1)
            return None
        if isinstance(node, (cst.ListComp, cst.GeneratorExp)):
            return self.collection_owner(node.for_in.iter, elements, depth + 1)
        if isinstance(node, cst.Subscript):  # group["params"] for group in optimizer.param_groups
            group = node.value
            if isinstance(group, cst.Name):
                groups = [elements[group.value]] if group.value in elements else [b.element_of for b in self.bindings(group.value)]
                group = groups[0] if len(groups) == 1 and groups[0] is not None else group
            while isinstance(group, cst.Subscript):  # optimizer.param_groups[0]["params"]
                group = group.value
            if isinstance(group, cst.Attribute) and group.attr.value == "param_groups" and "params" in code_of(node.slice[-1]):
                return self, "optimizer", group.value
            return None
        if isinstance(node, cst.Name) and node.value in self.arguments:
            caller, argument = self.arguments[node.value]
            return caller.collection_owner(argument, None, depth + 1)
        bound = self.value_of(node)
        return self.collection_owner(bound, elements, depth + 1) if bound is not None and bound is not node else None

    def parameters_of(self, node: cst.BaseExpression, elements: Mapping[str, cst.BaseExpression] | None = None) -> tuple[str, str] | None:
        """Whose parameters a collection holds, as ("model", key) or ("optimizer", key)."""
        owner = self.collection_owner(node, elements)
        return (owner[1], owner[0].canonical(owner[2])) if owner is not None else None

    def collection_origin(self, node: cst.BaseExpression, elements: Mapping[str, cst.BaseExpression] | None = None) -> Origin | None:
        """What built the module a parameter collection belongs to (an optimizer's: the one it is built from)."""
        owner = self.collection_owner(node, elements)
        if owner is None:
            return None
        resolver, kind, expression = owner
        if kind == "model":
            return resolver.module_origin(expression)
        call = resolver.constructor_of(expression)
        params = next((a.value for a in call.args if a.keyword is None), None) if call is not None else None
        return resolver.collection_origin(params) if params is not None else None


def is_lightning_call(call: cst.Call, method: str) -> bool:
    """`self.optimizers()` or `self.lr_schedulers()` of a LightningModule (summaries.py), as `method` names it."""
    return not call.args and code_of(call.func) == f"self.{method}"


def unwrapped_module(call: cst.Call) -> cst.BaseExpression | None:
    """`model` in `model.to(device)`, `DDP(model, ...)`, `copy.deepcopy(model)`: the same parameters."""
    if isinstance(call.func, cst.Attribute) and call.func.attr.value in SAME_MODULE_METHODS:
        return call.func.value
    name = (dotted_name(call.func) or "").rsplit(".", 1)[-1]
    positional = [a.value for a in call.args if a.keyword is None and not a.star]
    if name in MODULE_WRAPPERS and positional:
        return positional[0]
    return None


def models_handed_back(factory: Resolver, value: cst.BaseExpression, depth: int) -> frozenset[str]:
    """The model of the optimizer `value` a factory returns, where it is one the caller handed the factory (keyed as
    the caller keys it); nothing for a model of the factory's own."""
    models = factory.optimizer_models(value, depth)
    own = replace(factory, overlay={}, arguments={}).optimizer_models(value, depth)
    return models if models and (models != own or all(map(factory.reads_a_parameter, own))) else frozenset()


def reads_name(binding: Binding, name: str) -> bool:
    """Whether what a binding assigns reads the name `name` (`optimizer = accelerator.prepare(optimizer)`: the same
    object again, wrapped), or is not seen (then not taken for a new object either)."""
    expression = binding.alias or binding.value or binding.element_of or (binding.unpacked.call if binding.unpacked else None)
    return expression is None or any(found.value == name for found in nodes_of(expression, cst.Name))


def wrapped_argument(call: cst.Call) -> cst.BaseExpression | None:
    """`optimizer` of `self.accelerator.prepare(optimizer)`: the one object a wrapping call (`WRAPPING_CALLS`) hands
    back, wrapped."""
    method = (dotted_name(call.func) or "").rsplit(".", 1)[-1]
    positional = [a.value for a in call.args if a.keyword is None]
    return positional[0] if method in WRAPPING_CALLS and len(call.args) == 1 and len(positional) == 1 and not call.args[0].star else None


def rewraps(value: cst.BaseExpression, key: str) -> bool:
    """`model = DDP(model)`, `model = model.to(device)`: the same module under its own name."""
    inner = unwrapped_module(value) if isinstance(value, cst.Call) else None
    return inner is not None and code_of(inner) == key


NAMED = (cst.Name, cst.Attribute)


def hands_back(call: cst.Call, key: str) -> bool:
    """The call is handed the very name its result is bound to (`optimizer = schedule_lr(optimizer=optimizer)`): a name
    or an attribute written as the key is (another argument, `nn.Linear(8, 2)`, is not asked for its code: a code
    generation for each)."""
    return any(type(argument.value) in NAMED and code_of(argument.value) == key for argument in call.args)


def role_from_name(name: str | None) -> Role | None:
    if not name:
        return None
    if says_scaler(name):
        return Role.SCALER
    if says_accelerator(name):
        return Role.ACCELERATOR
    if says_optimizer(name):
        return Role.OPTIMIZER
    if "engine" in name.lower():
        return Role.ENGINE
    return None

