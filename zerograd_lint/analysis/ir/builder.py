"""CST to lifecycle IR: the statement walk. Statements become blocks, branches, loops and jumps; calls
become events (`events.CallEvents`); helpers of the same file are inlined (`inlining.Inlining`)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field, fields, replace
from functools import partial
from itertools import count
from typing import Any, Callable, Iterator, Mapping, Sequence

import libcst as cst

from zerograd_lint.analysis.ir import state_events
from zerograd_lint.analysis.ir.build_records import BuildRecord, agreed
from zerograd_lint.analysis.ir.construction_flags import construction_flags
from zerograd_lint.analysis.ir.conditions import (
    ROOT_NAMING, Naming, condition_of, copied_chain, literal_index, literal_of, reads_of_value, strings_of,
)
from zerograd_lint.analysis.ir.events import (
    CallEvents,
    builds_model_and_optimizer,
    guard_of,
    hands_back_an_unknown_optimizer,
    is_optimizer_construction,
)
from zerograd_lint.analysis.ir.element_filters import filters_the_element, writes_gradients_only
from zerograd_lint.analysis.ir.engine_runs import EngineRun, EngineRuns
from zerograd_lint.analysis.ir.file_scope import for_one_file
from zerograd_lint.analysis.ir.index import Built, Container, ModuleIndex, returns_of, statements_of, yields
from zerograd_lint.analysis.ir.inlining import Bindings, Construction, Inlining, assigned_in, locals_of, own_locals
from zerograd_lint.analysis.ir.library_classes import derives_from_trainer
from zerograd_lint.analysis.ir.names import (
    Role, arguments_by_parameter, assigned_names, code_of, dotted_name, entry_name, last_name, says_optimizer,
)
from zerograd_lint.analysis.ir.patches import autouse_patch_targets, fixture_patch_targets, patch_targets, patching_fixtures
from zerograd_lint.analysis.ir.settings import Fact, truth_implications
from zerograd_lint.analysis.ir.nodes import (
    Assign,
    Block,
    Branch,
    Caught,
    Clear,
    ClearTarget,
    Event,
    Freeze,
    GradAccess,
    GradWrite,
    Guard,
    Inlined,
    Jump,
    Loop,
    Node,
    Put,
    Rebind,
    Step,
    Try,
    Unscale,
    children,
    events_in,
)
from zerograd_lint.analysis.ir.returned_graphs import Carried, elements_carried, handed_carriers, starred
from zerograd_lint.analysis.ir.roles import GROWING_METHODS, Resolver, loop_elements, mapping_entries, tuple_elements
from zerograd_lint.analysis.ir.spelling import Namespace
from zerograd_lint.analysis.ir.summaries import (
    BATCH_INDEX_POSITION,
    HF_LOOP_BODIES,
    HF_TRAINER_LOOP,
    LIGHTNING_LOOP,
    LIGHTNING_LOOP_BODY,
    LIGHTNING_MODULE,
    MANUAL_BACKWARD,
    MANUAL_OPTIMIZATION_FLAG,
)
from zerograd_lint.analysis.ir.visiting import nodes_of, visit
from zerograd_lint.analysis.ir.vocabulary import CALL_DEPTH, GRAPHLESS_ATTRIBUTES, NUMPY_ARRAY_MAKERS
from zerograd_lint.analysis.ir.zeroed_gradients import under_missing_gradient_test, zeros_written
from zerograd_lint.analysis.work import spend

# A GradScaler, an optimizer, an Accelerator and a DeepSpeed engine define neither `__bool__` nor `__len__`: once a
# method of one ran, `if scaler:` is true (a tensor's truth is its value, a container's its length: not these).
TRUTHY_ROLES = frozenset({Role.SCALER, Role.OPTIMIZER, Role.ACCELERATOR, Role.ENGINE})
COUNTING_ITERABLES = re.compile(r"(^|\.)(range|trange|count)$")
PAIRING = frozenset({"zip", "map", "filter", "chain", "product", "enumerate"})


def mentions_grad_none_check(test: cst.BaseExpression) -> bool:
    text = code_of(test)
    return ".grad" in text and ("None" in text or text.endswith(".grad"))


def tested_entry(test: cst.BaseExpression, element: frozenset[str] = frozenset()) -> str | None:
    """The code of `opts[name]` in `if opts[name] is not None:` or `if opts[name]:`, an entry of a container read by a
    key that is no literal, or of `opt` in `for _, opt in pairs: if opt is not None:`, the element of the `for` loop
    the test is written in (`element`, its target's names), else None. Such a test names no one object: its key, or
    the element, is rebound by each loop that walks the container, so two of them are never the same atom (RULES.md,
    "Correlated conditions")."""
    if isinstance(test, cst.Comparison) and len(test.comparisons) == 1:
        target = test.comparisons[0]
        is_not_none = isinstance(target.operator, cst.IsNot) and isinstance(target.comparator, cst.Name) and target.comparator.value == "None"
        test = test.left if is_not_none else None
    if isinstance(test, cst.Name) and test.value in element:
        return test.value
    if not isinstance(test, cst.Subscript) or literal_index(test) is not None:
        return None
    return code_of(test)


def called_on_itself(event: Event) -> str | None:
    """The code of the optimizer a clear or a plain step is called on (`opts[name]` of `opts[name].step()`), where it
    is the one the event's gradients are followed for (not an engine stepping an optimizer it wraps)."""
    if isinstance(event, Step) and not event.via_scaler:
        followed = event.optimizer
    elif isinstance(event, Clear):
        followed = event.target.key
    else:
        return None
    call = event.node
    if isinstance(event, Clear) and event.written is not None:
        receiver = code_of(event.written)
    elif isinstance(call, cst.Call) and isinstance(call.func, cst.Attribute):
        receiver = code_of(call.func.value)
    else:
        return None
    return receiver if receiver == followed else None


def guards_only_its_entry(test: cst.BaseExpression, then: Block, element: frozenset[str] = frozenset()) -> bool:
    """`for name in names: if opts[name] is not None: opts[name].zero_grad()`, or `for _, opt in pairs: if opt is not
    None: opt.step()` (`element`: the names the `for` loop around binds): the test only says whether the entry the
    calls are made on holds an optimizer. Where it does not, there is no optimizer to hold gradients, so for the one
    the analysis follows (the container's entries) the calls run on every path: a clear skipped for a missing
    optimizer is no clear missed for a present one."""
    entry = tested_entry(test, element)
    events = list(events_in(then))
    return entry is not None and bool(events) and all(called_on_itself(e) == entry for e in events)


def tests_scaler_stage(test: cst.BaseExpression) -> bool:
    """`scaler._per_optimizer_states[id(opt)]["stage"] is not OptState.UNSCALED` (GradScaler's private record)."""
    text = code_of(test)
    return "_per_optimizer_states" in text or "OptState." in text


def raises_not_implemented(statement: cst.Raise) -> bool:
    """`raise NotImplementedError` or `raise NotImplementedError(...)`."""
    raised = statement.exc.func if isinstance(statement.exc, cst.Call) else statement.exc
    return isinstance(raised, cst.Name) and raised.value == "NotImplementedError"


def jump_only(body: cst.BaseSuite) -> str | None:
    """`continue`, `return` or `break` when a suite ends with that jump."""
    statements = list(statements_of(body))
    last = statements[-1] if statements else None
    if isinstance(last, cst.SimpleStatementLine):
        last = last.body[-1]
    kinds = {cst.Continue: "continue", cst.Break: "break", cst.Return: "return"}
    for kind, name in kinds.items():
        if isinstance(last, kind):
            return name
    return None


def early_exit(statement: cst.CSTNode) -> tuple[cst.BaseExpression, cst.BaseSuite] | None:
    """The test and body of an `if` with no `else` whose body ends with a jump: `if a: continue`, and the nested
    `if a: if b: continue` (only that inner `if` in the outer one) read as `if a and b: continue`."""
    if type(statement) is not cst.If or statement.orelse is not None:
        return None
    inner = list(statements_of(statement.body))
    if len(inner) == 1 and isinstance(inner[0], cst.If) and inner[0].orelse is None and jump_only(inner[0].body):
        return cst.BooleanOperation(statement.test, cst.And(), inner[0].test), inner[0].body
    return (statement.test, statement.body) if jump_only(statement.body) else None


Called = tuple[ModuleIndex, cst.FunctionDef]  # a function a call runs, with its module's index


@dataclass(frozen=True)
class Instance:
    """A function being inlined at one call: how its names are keyed, and its resolver (its parameters bound to
    that call's arguments); a closure it defines reads its free names through both."""

    function: cst.FunctionDef
    naming: Naming
    resolver: Resolver


@dataclass(frozen=True)
class Context:
    resolver: Resolver
    function: Container  # where the code being built is written
    stack: tuple[cst.CSTNode, ...]  # functions being inlined, to stop recursion
    tail_jump: str | None = None  # the jump that falling off this block's end amounts to
    # What a `return` of the function being built amounts to: `continue` in a def a library's loop calls once per
    # iteration (Lightning's `training_step`, `lightning_optimisation`): the next call is the loop's next iteration.
    return_jump: str = "return"
    # The override of the Hugging Face Trainer (`runs_in_trainer_loop`), or the `training_step` of a LightningModule under
    # automatic optimisation (`lightning_optimisation`), being built as its library's loop's body (`trainer_library`:
    # whose): what the library does with what it returns follows each of its `return`s (`CallEvents.trainer_part`).
    trainer_body: cst.FunctionDef | None = None
    trainer_library: str | None = None
    accelerate: bool = False  # inside `with accelerator.accumulate(...)`
    # The accelerator whose `accumulate()` the enclosing loop or function enters: Accelerate gates the
    # prepared optimizers' step and clear on its `sync_gradients`, wherever they are called.
    gated: str | None = None
    elements: Mapping[str, cst.BaseExpression] = field(default_factory=dict)  # loop variables -> their collections
    stage_checked: bool = False  # under a test of a GradScaler's per-optimizer stage
    conditions: tuple[tuple[cst.BaseExpression, bool], ...] = ()  # the `if` arms around: (test, the arm taken when true)
    naming: Naming = ROOT_NAMING  # how names are keyed in conditions (a helper's locals are its own)
    instances: tuple[Instance, ...] = ()  # the functions being inlined, outermost first
    no_grad: bool = False  # inside `with torch.no_grad():`
    entered_without_grad: bool = False  # the whole body of the function being built runs under `torch.no_grad()`
    loop_rebinds: frozenset[str] | None = None  # what the innermost loop of this function assigns, inside one
    # The classes of `self`, nearest first, when a base class's method is checked for a subclass: `self.f()`
    # reaches the subclass's override (see `ModuleIndex.ancestry`).
    mro: tuple[tuple[ModuleIndex, cst.ClassDef], ...] = ()
    # A closure factory being inlined whose caller runs the closure it returns (`optimizer.step(make_closure(...))`):
    # its `return closure` runs that closure's body there (`Inlining.closure_factory`).
    returns_run: cst.FunctionDef | None = None
    # ignite's `trainer.run(...)` of an engine that factory returns (`return Engine(_update)`): the loops its return
    # builds around the process function (`engine_runs.EngineRuns`).
    engine_run: EngineRun | None = None
    # A loop over a literal list of instances built once per element (`Builder.unrolled_loop`): the target's instance
    # in the body being built, and the key of that element (`for hook in self.hooks:`, `hook` is `self.hooks[1]`).
    unrolled: Mapping[str, tuple[Construction, str]] = field(default_factory=dict)
    # The names a test replaces with mocks around the code being built (`patches.py`): its `@patch(...)` decorators,
    # a `with patch(...)` around, a `mocker.patch(...)` before (`Builder.patched_from`); a call reaching one is unknown
    # (`CallEvents.runs_a_mock`).
    patched: frozenset[str] = frozenset()
    # The innermost `for` loop's function and the names its target binds (`element_filters`); None in a `while`.
    element_loop: tuple[Container, frozenset[str]] | None = None

    def without_tail_jump(self) -> Context:
        """This context for a statement that is not its block's last: falling off it goes on to the next one. Itself
        where no tail jump is set."""
        return self if self.tail_jump is None else self.but(tail_jump=None)

    def but(self, **changes: Any) -> Context:
        """This context with `changes` to its fields, as `dataclasses.replace` makes it, but copied: `replace` runs
        `__init__`, which sets each of the 22 frozen fields through `object.__setattr__` (eight times the cost, at
        every statement, branch, loop and inlined call built)."""
        unknown = changes.keys() - CONTEXT_FIELDS
        if unknown:
            raise TypeError(f"Context has no fields {sorted(unknown)}")
        copied = object.__new__(Context)
        copied.__dict__.update(self.__dict__, **changes)
        return copied


CONTEXT_FIELDS = frozenset(f.name for f in fields(Context))


def own_for_statements(block: Block) -> Iterator[cst.For]:
    """The `for` statements of a function's own code (not of the helpers it inlines)."""
    pending: list[Node] = [block]
    while pending:
        node = pending.pop()
        if isinstance(node, Loop) and isinstance(node.node, cst.For):
            yield node.node
        if not isinstance(node, Inlined):
            pending.extend(children(node))


def can_read(
    visible: frozenset[str], index: ModuleIndex, homes: Mapping[Container, ModuleIndex], inlined: frozenset[str], name: str
) -> bool:
    """Whether Python lets code in a function of `index` read `name`: one of the locals it sees (`visible`: its own
    and those of the functions around it), a name its module binds, or a free name that no function binds (an
    undefined name reads as a global); not a local of another function of its module, of the modules whose code it
    runs (`homes`, the builder's, as it is when the name is read: a base's `__init__` parameter that keys
    `self.optimizer`), or of those inlined with it (`inlined`: their locals)."""
    if name in visible or name in top_level_names(index):
        return True
    return not any(name in module_locals(each) for each in {index, *homes.values()}) and name not in inlined


@for_one_file
def leaving(function: cst.FunctionDef) -> frozenset[str]:
    """The names whose objects may outlive a call of the function: those it returns or yields, stores into an attribute
    or an element (`self.optimizer = optimizer`), adds to a collection (`optimizers.append(optimizer)`) or declares
    `global` or `nonlocal`; what is left is the call's own."""
    found: set[str] = set()
    for node in nodes_of(function.body, cst.CSTNode):
        kind = type(node)  # LibCST's node classes are final: `type()` spares ABCMeta's isinstance at every node
        if (kind is cst.Return or kind is cst.Yield) and node.value is not None:
            found.update(n.value for n in nodes_of(node.value, cst.Name))
        elif kind is cst.Global or kind is cst.Nonlocal:
            found.update(item.name.value for item in node.names)
        elif kind is cst.Assign and any(type(t.target) is not cst.Name for t in node.targets):
            found.update(n.value for n in nodes_of(node.value, cst.Name))
        elif kind is cst.AnnAssign and node.value is not None and type(node.target) is not cst.Name:
            found.update(n.value for n in nodes_of(node.value, cst.Name))
        elif kind is cst.Call and type(node.func) is cst.Attribute and node.func.attr.value in GROWING_METHODS:
            found.update(n.value for a in node.args for n in nodes_of(a.value, cst.Name))
    return frozenset(found)


def returned_without_grad(value: cst.BaseExpression | None, nodes: list[Node]) -> bool:
    """`action = agent.plan(obs)` where the call is inlined into a def decorated `@torch.no_grad()` (or
    `inference_mode`): what it hands back was computed without autograd recording, whatever the caller's context."""
    return isinstance(value, cst.Call) and any(
        isinstance(node, Inlined) and node.call is value and state_events.function_disables_grad(node.function) for node in nodes
    )


@for_one_file
def top_level_names(index: ModuleIndex) -> frozenset[str]:
    """The names a module binds at its top level."""
    return frozenset(Bindings(index.module.body).names)


@for_one_file
def module_locals(index: ModuleIndex) -> frozenset[str]:
    """The locals of all the functions of a module."""
    return frozenset().union(*(locals_of(f) for f in index.functions))


class Builder(CallEvents, Inlining, EngineRuns):
    """The IR of a training function (or the module): `build(root)`."""

    def __init__(self, index: ModuleIndex, reads: bool = False) -> None:
        self.index = index
        self.reads = reads  # also build `.grad` reads and freezes (ZG301)
        self.grad_names: dict[int, tuple[str, ...]] = {}  # container number -> its `name.grad` names, in order
        # The roots that call a def of another module reading `.grad`, which only the `.grad` reads' analysis follows.
        self.reading_roots: set[Container] = set()
        self._grad_order: dict[Container, tuple[int, dict[cst.Attribute, int]]] = {}
        self.ids = count()
        # What each root's build found (`build_records`), the root being built's in `own`; and the file's view of it,
        # the records of the roots analysed merged (`analysed_root`): optimizer key -> the model it is built from,
        # -> the optimizers handed to the call building it; a container's key -> its elements; a model key -> what
        # its one visible construction's arguments read, for the models optimizers are built from and those cleared.
        self.records: dict[Container, BuildRecord] = {}
        self.own = BuildRecord()
        self.models: dict[str, frozenset[str]] = {}
        self.derived: dict[str, frozenset[str]] = {}
        self.containers: dict[str, frozenset[str]] = {}
        self.built_from: dict[str, frozenset[str] | None] = {}
        self.building: Container | None = None  # the root being built
        self.root_naming = ROOT_NAMING  # how the root being built keys its names (a closure of it reads them so)
        self.homes: dict[Container, ModuleIndex] = {}  # a function of another module of the project -> its module's index
        self.lineages: dict[Container, tuple[tuple[ModuleIndex, cst.ClassDef], ...]] = {}  # a root -> `self`'s classes
        self._settings: dict[tuple[cst.ClassDef, ...], dict[str, tuple[frozenset[Fact], frozenset[Fact]]]] = {}
        # Each event and loop -> the names its code sees, under the inlined call that runs it (`RootFacts.spelled`).
        self.namespaces: dict[Event | Loop, Namespace] = {}
        self._visible: dict[cst.FunctionDef, frozenset[str]] = {}  # the locals code in a function can read
        self._fixtures: dict[cst.FunctionDef, frozenset[str]] = {}  # a function's parameters that patch (`patched_from`)
        self._autouse: dict[object, frozenset[str]] = {}  # a module's or a class's autouse fixtures' patches (`patches_of`)
        self._placed: list[tuple[Block, Container, Resolver]] = []  # the blocks of the root being built, for its namespaces
        self.built = 0  # the statements built so far
        # While another module's method is inlined at a call on its instance: the count of statements built past
        # which it is not followed, nor any call inlined (`Inlining.inline_on_instance`).
        self.inlining_until: int | None = None
        # While a class's own `self.zero_grad()` is inlined (`CallEvents.own_zero_grad`): that call, where the clears
        # its body makes are placed (what a report points at and a fix removes), not its body's shared lines.
        self.clear_site: cst.Call | None = None

    def index_of(self, function: Container) -> ModuleIndex:
        """The index of the module `function` is written in."""
        return self.homes.get(function, self.index)

    def build(self, root: Container, mro: tuple[tuple[ModuleIndex, cst.ClassDef], ...] = ()) -> Block:
        """The IR of a function (or the module); `mro`: `self`'s classes, for a method checked for a subclass. The body
        of a library's loop (`library_loop`) is built as that loop's body."""
        library = library_loop(self.index_of(root), root, mro) if isinstance(root, cst.FunctionDef) else None
        looped = library is not None
        # The library's loop backpropagates and steps for the body: the Trainer's always, Lightning's when automatic.
        self_managed = library == HF_TRAINER_LOOP or (
            library == LIGHTNING_LOOP and lightning_optimisation(self.index_of(root), root, mro) is True  # type: ignore[arg-type]
        )
        jump = "continue" if looped else "return"
        self.building = root
        self.own = self.records[root] = BuildRecord()
        self.root_naming = Naming(
            locals=locals_of(root) if isinstance(root, cst.FunctionDef) else frozenset(), imports=self.index_of(root).imports,
            options=self.index_of(root).option_choices,
        )
        resolver = self.index_of(root).resolver_for(root, instance=mro[0] if mro else None)
        owner = self.index_of(root).owner_class(root)
        self.lineages[root] = mro or (tuple(self.index_of(root).lineage(owner)) if owner is not None else ())
        context = Context(
            resolver, root, (root,), jump, return_jump=jump, no_grad=state_events.function_disables_grad(root),
            entered_without_grad=state_events.function_disables_grad(root), mro=mro,
            loop_rebinds=self.loop_rebinds(root) if looped else None, naming=self.root_naming, patched=self.patches_of(root),
            trainer_body=root if self_managed else None, trainer_library=library if self_managed else None,  # type: ignore[arg-type]
        )
        body = root.body if isinstance(root, cst.Module) else statements_of(root.body)
        block = self.block(body, context.but(gated=self.accumulating_in(body, context)))
        if looped:
            assert isinstance(root, cst.FunctionDef)
            arguments = self.call_arguments(root, context, counting=library == LIGHTNING_LOOP)
            block = Block((Loop(root, Block((*arguments, *block.items)), Block(()), True, False, library),))
        block = self.placed(block, root, context.resolver)
        self.settle_namespaces()
        return block

    def models_seen_by(self, root: Container) -> dict[str, frozenset[str]]:
        """Optimizer key -> the model it is built from, as the root reads them: its own locals' (`note_models`) over
        the file's."""
        own = self.records.get(root)
        return {**self.models, **own.local_models} if own is not None else dict(self.models)

    def patches_of(self, root: Container) -> frozenset[str]:
        """What the root's `@patch(...)` decorators replace while it runs; its class's too, for a test method (those
        apply to the methods named as tests, `patch.TEST_PREFIX`), with what the autouse fixtures that pytest runs
        around a test replace: its class's, its module's, and those of the conftest.py of its package and of each
        package above it, or the one its folder's modules are found beside (`conftest_patches`)."""
        if not isinstance(root, cst.FunctionDef):
            return frozenset()
        index = self.index_of(root)
        decorators = [d.decorator for d in root.decorators]
        owner = index.owner_class(root)
        if not root.name.value.startswith("test"):
            return patch_targets(decorators, index.imports)
        if owner is not None:
            decorators += [d.decorator for d in owner.decorators]
        fixtures = self.autouse_patches(index, owner) | self.autouse_patches(index, None) | self.conftest_patches(index)
        return patch_targets(decorators, index.imports) | fixtures

    def autouse_patches(self, index: ModuleIndex, owner: cst.ClassDef | None) -> frozenset[str]:
        """What the autouse fixtures of a class (of the module, where `owner` is None) replace (`patches.py`)."""
        key = owner if owner is not None else index
        if key not in self._autouse:
            body = (owner.body if owner is not None else index.module).body
            self._autouse[key] = autouse_patch_targets(body, index.imports)  # type: ignore[arg-type]
        return self._autouse[key]

    def conftest_patches(self, index: ModuleIndex) -> frozenset[str]:
        """What the autouse fixtures of the conftest.py files that apply to the tests of a module replace: the
        `conftest` module of its package and of each package above it, and the top-level one (beside a test folder
        of no package, or at the root); each read only where its text says `autouse`."""
        home = index.project
        if home is None:
            return frozenset()
        parts = home.package.split(".") if home.package else []
        found: set[str] = set()
        for name in [*(".".join([*parts[:end], "conftest"]) for end in range(len(parts), 0, -1)), "conftest"]:
            conftest = home.project.module(name) if name != home.name else None
            if conftest is not None and "autouse" in conftest.source.source:
                found |= self.autouse_patches(conftest.index, None)
        return frozenset(found)

    def patched_from(self, statement: cst.CSTNode, context: Context) -> frozenset[str]:
        """What a patching fixture among the function's parameters (`mocker`, `monkeypatch`) replaces from this
        statement on (`patches.fixture_patch_targets`)."""
        function = context.function
        if not isinstance(function, cst.FunctionDef):
            return frozenset()
        if (fixtures := self._fixtures.get(function)) is None:
            fixtures = self._fixtures[function] = patching_fixtures(function)
        if not fixtures or not isinstance(statement, (cst.SimpleStatementLine, cst.BaseSmallStatement)):
            return frozenset()
        return fixture_patch_targets(statement, fixtures, self.index_of(function).imports)

    def analysed_root(self, root: Container) -> None:
        """The file's view takes what the root's last build found (`build_records`). A root left out for being inlined
        into a caller adds nothing (nor is it built): its models are its parameters there, which the caller's build
        reads as the caller built them."""
        own = self.records.get(root, BuildRecord())
        for key, models in own.models.items():
            agreed(self.models, key, models, frozenset())  # built differently in different places: unknown
        for key, elements in own.containers.items():
            agreed(self.containers, key, elements, frozenset())
        for key, sources in own.derived.items():
            self.derived.setdefault(key, sources)
        for model, reads in own.built_from.items():
            agreed(self.built_from, model, reads, None)  # None: not known

    def settings(self, root: Container) -> dict[str, tuple[frozenset[Fact], frozenset[Fact]]]:
        """What the truth of each setting of the root's `self` says about how it was built (`settings.py`), read once
        per class: a test file's class holds hundreds of roots."""
        classes = self.lineages.get(root, ())
        key = tuple(cls for _, cls in classes)
        if key not in self._settings:
            self._settings[key] = truth_implications(classes, bool(classes) and classes[0][0].own_lineage(classes[0][1]))
        return self._settings[key]

    def call_arguments(self, function: cst.FunctionDef, context: Context, counting: bool) -> list[Node]:
        """Each call of a def by a library's loop binds its parameters anew, the batch's index counting in Lightning's
        (`counting`)."""
        params = [p.name.value for p in function.params.params[1:]]  # after `self`
        counters = {context.naming.key(params[BATCH_INDEX_POSITION])} if counting and len(params) > BATCH_INDEX_POSITION else set()
        others = {context.naming.key(name) for name in params} - counters
        found = [self.rebind(function.params, counters, True)] if counters else []
        return found + ([self.rebind(function.params, others)] if others else [])

    def placed(self, block: Block, function: Container, resolver: Resolver) -> Block:
        """The block of `function`, noted as read through `resolver`: once its root is built, its events and loops
        (not those of the helpers it inlines, noted as those were built) are given their `Namespace`."""
        self._placed.append((block, function, resolver))
        return block

    def settle_namespaces(self) -> None:
        """The namespaces of the blocks noted while one root was built (see `can_read`)."""
        functions = [f for _, f, _ in self._placed if isinstance(f, cst.FunctionDef)]
        inlined = frozenset().union(*(locals_of(f) for f in functions))
        for block, function, resolver in self._placed:
            # A plain function of what it reads: a namespace outlives the build, and one holding the builder would
            # make a cycle (the builder holds the namespaces) keeping the file's trees for the collector to find.
            reads = partial(can_read, self.visible_in(function), self.index_of(function), self.homes, inlined)
            iterated = tuple(loop.iter for loop in own_for_statements(block))
            pending: list[tuple[Node, Namespace]] = [(block, Namespace(resolver, reads, iterated=iterated))]
            while pending:
                node, namespace = pending.pop()
                if isinstance(node, Loop) and isinstance(node.node, cst.For):
                    namespace = namespace.inside(node.node)  # its body, and the loop itself (a clear goes first in it)
                if isinstance(node, (Event, Loop)):
                    self.namespaces[node] = namespace
                if not isinstance(node, Inlined):
                    pending.extend((child, namespace) for child in children(node))
        self._placed.clear()

    def visible_in(self, function: Container | None) -> frozenset[str]:
        """The local names Python lets code in `function` read: its own and those of the functions around it."""
        if not isinstance(function, cst.FunctionDef):
            return frozenset()
        if function not in self._visible:
            self._visible[function] = locals_of(function) | self.visible_in(self.index_of(function).enclosing.get(function))
        return self._visible[function]

    def block(self, statements: Sequence[cst.CSTNode], context: Context) -> Block:
        items: list[Node] = []
        last = len(statements) - 1
        for position, statement in enumerate(statements):
            is_last = position == last
            early = early_exit(statement) if context.tail_jump is not None and not is_last else None
            if early is not None and jump_only(early[1]) in {context.tail_jump, "return"}:
                test, body = early
                rest = statements[position + 1 :]  # sliced only here: a module of many statements would copy its tail for each
                # `if not boundary: continue` then the step: the rest runs under that condition.
                items.extend(self.expression(test, context))
                condition = condition_of(test, context.naming)
                if isinstance(condition, bool):  # decided by literal arguments
                    skipping = context.without_tail_jump()
                    items.extend(self.block(statements_of(body), skipping).items if condition else self.block(rest, context).items)
                    return Block(tuple(items))
                skipped = self.block(statements_of(body), context.without_tail_jump())
                kept = self.block(rest, context)
                if all(isinstance(i, Jump) for i in skipped.items) and self.element_filtered(test, kept, context):
                    # `if "running_mean" in name: continue` before the element's `.grad` is written: the loop writes.
                    items.extend(kept.items)
                    return Block(tuple(items))
                items.append(
                    Branch(
                        test, guard_of(test, context.resolver), kept, skipped, statement, True, condition,
                        context.function,
                    )
                )
                return Block(tuple(items))
            inner = context if is_last else context.without_tail_jump()
            items.extend(self.statement(statement, inner))
            if patched := self.patched_from(statement, context):
                context = context.but(patched=context.patched | patched)  # `mocker.patch("pkg.mod.train")`
        return Block(tuple(items))

    def statement(self, statement: cst.CSTNode, context: Context) -> list[Node]:
        spend()
        self.built += 1
        if isinstance(statement, cst.SimpleStatementLine):
            nodes: list[Node] = []
            for small in statement.body:
                nodes.extend(self.small_statement(small, context))
            return nodes
        if isinstance(statement, cst.BaseSmallStatement):
            return self.small_statement(statement, context)
        if isinstance(statement, cst.If):
            return self.if_statement(statement, context)
        if isinstance(statement, cst.For) and (unrolled := self.unrolled_loop(statement, context)) is not None:
            return unrolled
        if isinstance(statement, cst.For):
            body = self.block(statements_of(statement.body), self.loop_context(statement, context))
            body = Block((*self.loop_targets(statement, context), *self.next_elements(statement.target, body, context), *body.items))
            orelse = self.suite(statement.orelse, context)
            return [*self.expression(statement.iter, context), Loop(statement, body, orelse, True, False)]
        if isinstance(statement, cst.While):
            body = self.block(statements_of(statement.body), self.loop_context(statement, context))
            forever = code_of(statement.test) in {"True", "1"}
            orelse = self.suite(statement.orelse, context)
            return [*self.expression(statement.test, context), Loop(statement, body, orelse, forever, forever)]
        if isinstance(statement, (cst.Try, cst.TryStar)):
            inner = context.without_tail_jump()
            body = self.block(statements_of(statement.body), inner)
            return [
                Try(
                    body,
                    tuple(Block((self.event(Caught, h), *self.block(statements_of(h.body), inner).items)) for h in statement.handlers),
                    self.suite(statement.orelse, inner),
                    self.suite(statement.finalbody, inner),
                    len(statements_of(statement.body)) == 1 and len(body.items) == 1 and isinstance(body.items[0], Event),
                )
            ]
        if isinstance(statement, cst.With):
            nodes = []
            inner = context
            for item in statement.items:
                nodes.extend(self.expression(item.item, context))
                accelerator = self.accumulate_context(item.item, context)
                if accelerator is not None:
                    # Entering `accumulate()` decides this iteration's `sync_gradients`.
                    nodes.append(self.rebind(item.item, context.naming.stored(self.sync_flag(accelerator))))
                    inner = inner.but(accelerate=True, gated=accelerator)
                if state_events.disables_grad(item.item):
                    inner = inner.but(no_grad=True)
                if item.asname is not None:
                    nodes.append(self.rebind(item.asname.name, context.naming.stored(item.asname.name)))
                if patched := patch_targets([item.item], self.index_of(context.function).imports):
                    inner = inner.but(patched=inner.patched | patched)  # `with patch("pkg.mod.train"):`
            body = self.block(statements_of(statement.body), inner)
            exits = [node for item in statement.items for node in self.scale_loss_exit(item.item, context)]
            return [*nodes, body, *exits]
        if isinstance(statement, cst.Match):
            return self.match_statement(statement, context)
        return []  # def, class, and anything without lifecycle events

    def suite(self, suite: cst.CSTNode | None, context: Context) -> Block:
        if suite is None:
            return Block(())
        return self.block(statements_of(suite.body), context)

    def if_statement(self, statement: cst.If, context: Context) -> list[Node]:
        test_events = self.expression(statement.test, context)
        condition = False if computed_without_grad(statement.test, context) else condition_of(statement.test, context.naming)
        if isinstance(condition, bool):  # decided by literal arguments (or the grad mode): only one arm runs
            if condition:
                return [*test_events, self.block(statements_of(statement.body), context)]
            if isinstance(statement.orelse, cst.If):
                return [*test_events, *self.if_statement(statement.orelse, context)]
            return [*test_events, self.suite(statement.orelse, context)]
        stage_test = tests_scaler_stage(statement.test)
        then_context = context.but(conditions=(*context.conditions, (statement.test, True)))
        then = self.block(statements_of(statement.body), then_context.but(stage_checked=True) if stage_test else then_context)
        if stage_test and statement.orelse is None and all(isinstance(e, Unscale) for e in events_in(then)):
            # `if stage is not OptState.UNSCALED: scaler.unscale_(opt)`: unscaled afterwards on every path, never twice.
            return [*test_events, then]
        if (
            statement.orelse is None
            and mentions_grad_none_check(statement.test)
            and all(isinstance(e, (Clear, GradAccess, Assign, Rebind)) for e in events_in(then))
        ):
            # `if p.grad is not None: p.grad.zero_()`: a None gradient is already clear (`data = p.grad.data` before a
            # clear that reads it, `p.grad = Variable(data.new().resize_as_(data).zero_())`, changes nothing there).
            return [*test_events, then]
        loop = context.element_loop
        element = loop[1] if loop is not None and loop[0] is context.function else frozenset()
        if statement.orelse is None and guards_only_its_entry(statement.test, then, element):
            return [*test_events, then]
        if statement.orelse is None and self.element_filtered(statement.test, then, context):
            return [*test_events, then]  # `if "bn" not in name: p.grad = g`: the loop writes the collection's gradients
        else_context = context.but(conditions=(*context.conditions, (statement.test, False)))
        if isinstance(statement.orelse, cst.If):
            orelse = Block(tuple(self.if_statement(statement.orelse, else_context)))
        else:
            orelse = self.suite(statement.orelse, else_context)
        return [*test_events, Branch(
            statement.test, guard_of(statement.test, context.resolver), then, orelse, statement, False, condition, context.function
        )]

    def match_statement(self, statement: cst.Match, context: Context) -> list[Node]:
        nodes: list[Node] = [*self.expression(statement.subject, context)]
        tail: Block = Block(())
        for case in reversed(statement.cases):
            arm = self.block(statements_of(case.body), context)
            tail = Block((Branch(None, Guard.OTHER, arm, tail, case),))
        return [*nodes, tail]

    def small_statement(self, statement: cst.BaseSmallStatement, context: Context) -> list[Node]:
        if isinstance(statement, cst.Expr):
            nodes = self.expression(statement.value, context)
            call = statement.value
            if isinstance(call, cst.Call) and not any(isinstance(n, Event) and n.node is call for n in nodes):
                nodes += self.put(call, context) or self.dict_updated(call, context)  # `rollout.feed(data)`: kept in the instance
            return nodes
        if isinstance(statement, (cst.Assign, cst.AnnAssign, cst.AugAssign)):
            return self.assignment(statement, context)
        if isinstance(statement, cst.Return):
            value = self.expression(statement.value, context) if statement.value else []
            if context.returns_run is context.function and context.engine_run is not None and statement.value is not None:
                value += self.engine_returned(statement.value, context)  # the engine returned, run by the caller
            elif context.returns_run is context.function and isinstance(statement.value, cst.Name):
                value += self.inline_callable(statement.value, context)  # the closure returned, run by the caller
            elif context.trainer_body is context.function:
                value += self.trainer_part(statement, context)  # the library's loop takes the returned loss
            return [*value, Jump(context.return_jump)]
        if isinstance(statement, cst.Raise):
            value = self.expression(statement.exc, context) if statement.exc else []
            # An abstract method's `raise NotImplementedError`: an override runs in its place and returns, unknown.
            return [*value, Jump("return" if raises_not_implemented(statement) else "raise")]
        if isinstance(statement, cst.Break):
            return [Jump("break")]
        if isinstance(statement, cst.Continue):
            return [Jump("continue")]
        if isinstance(statement, cst.Assert):
            return [*self.expression(statement.test, context), *self.asserted_no_grad(statement.test, context)]
        return []

    def assignment(self, statement: cst.Assign | cst.AnnAssign | cst.AugAssign, context: Context) -> list[Node]:
        value = statement.value
        nodes = self.expression(value, context) if value is not None else []
        targets = [t.target for t in statement.targets] if isinstance(statement, cst.Assign) else [statement.target]
        if isinstance(value, cst.Call) and self.is_scale_call(value, context):
            self.own.scaled_under[value] = context.conditions
        if self.reads:
            nodes.extend(e for t in targets for e in self.grad_accesses(t, context))  # `p.grad += g`, `p.grad.data = ...`
            nodes.extend(self.freeze(t.value, value, statement, context) for t in targets if is_requires_grad(t, value))
            # `model.fc = nn.Linear(...)` after freezing the model: a new part, requiring grad.
            nodes.extend(
                self.event(Freeze, statement, key=context.resolver.canonical(t), frozen=False)
                for t in targets if isinstance(t, cst.Attribute) and isinstance(value, cst.Call) and t.attr.value not in {"grad", "requires_grad"}
            )
        names = frozenset(code_of(n) for t in targets for n in assigned_names(t))
        in_place = isinstance(statement, cst.AugAssign)
        stored_item = targets[0] if len(targets) == 1 and isinstance(targets[0], cst.Subscript) else None
        if stored_item is not None and assigned_names(stored_item.value) and (
            in_place or (value is not None and code_of(stored_item.value) in names_read(value, self.index_of(context.function).origin_of_name))
        ):
            # `losses[k] += loss_q`, or an item rewritten from the list's own (`losses[i] = (losses[i] *
            # weights[i]).sum()`): the list holds the new value, beside the others it held.
            names, in_place = frozenset({code_of(stored_item.value)}), True
        if isinstance(value, cst.Call) and not self.runs_a_mock(value, context) and (
            (self.builds_an_optimizer(value, targets, context) and not self.over_lasting_model(value, context))
            or builds_model_and_optimizer(value, context.resolver)
            or hands_back_an_unknown_optimizer(value, targets, context.resolver)
        ):
            # A new optimizer, most often over a new model: its gradients start from None.
            nodes.append(self.event(Clear, statement, target=ClearTarget("fresh", None), set_to_none=None))
        if value is not None and len(targets) == 1 and not (isinstance(value, cst.Call) and self.runs_a_mock(value, context)):
            nodes.extend(self.optimizer_built(targets[0], value, context))
            nodes.extend(self.scaler_built(targets[0], value, context))
        accumulated = state_events.accumulation(statement) or state_events.stored_into_tensor(statement, context.resolver)
        if accumulated is not None:
            nodes.extend(self.accumulate(statement, *accumulated, context))
        elif stored_item is not None and not names and value is not None:
            nodes.extend(self.entry_stored(statement, stored_item, value, nodes, context))
        for target in targets:
            if not (isinstance(target, cst.Attribute) and ".grad." in f"{code_of(target)}."):
                continue  # only `p.grad = ...` and `p.grad.data = ...` write gradients
            if isinstance(value, cst.Name) and value.value == "None" and target.attr.value == "grad":
                nodes.append(self.event(Clear, statement, target=self.parameter_clear_target(target.value, context), set_to_none=True))
            elif (
                value is not None and target.attr.value == "grad" and zeros_written(value)
                and not under_missing_gradient_test(context.conditions, target.value)
            ):  # `p.grad = torch.zeros_like(p)`: what the gradient held is replaced by zeros
                nodes.append(self.event(
                    Clear, statement, target=self.parameter_clear_target(target.value, context), set_to_none=False, gives_tensors=True
                ))
            elif value is not None:
                nodes.append(self.event(GradWrite, statement))
        if names:
            uses = names_read(value, self.index_of(context.function).origin_of_name) if value is not None else frozenset()
            uses |= names if in_place else frozenset()  # `meta_loss /= n` is still the loss summed before
            unpacked = len(targets) == 1 and type(targets[0]) in (cst.Tuple, cst.List) and type(value) is cst.Call
            called = self.function_called(value, context) if unpacked else None  # type: ignore[arg-type]
            known = called if called is not None and not self.guessed(value, context) else None  # type: ignore[arg-type]
            without_graph, with_graph = self.graphs_returned(targets[0], known)
            nodes.append(
                self.event(
                    Assign, statement, names=names, uses=uses, scope=context.function, callees=callees_of(value),
                    no_grad=context.no_grad or returned_without_grad(value, nodes),
                    parts=self.parts_returned(targets[0], called),
                    without_graph=without_graph, with_graph=with_graph, handed_graph=self.graphs_handed(targets[0], known, value),
                )
            )
        stored = {key for target in targets for key in context.naming.stored(target)} - self.handed_back(value, nodes, context)
        if stored:
            nodes.append(self.assigned_value(statement, stored, context))
            nodes.extend(self.flags_built(statement, context))
        return nodes

    def entry_stored(
        self, statement: cst.Assign | cst.AnnAssign | cst.AugAssign, entry: cst.Subscript, value: cst.BaseExpression, nodes: list[Node],
        context: Context,
    ) -> list[Node]:
        """`self._losses['total_loss'] = loss` at a literal key: the value put into that entry, read back where the entry
        is (a model's `forward()` storing its losses, which the trainer's step backpropagates, faster-rcnn's `Network`):
        a Put of the names it reads; nothing for another key (`losses[name] = ...`)."""
        target = entry_name(entry)
        values = names_read(value, self.index_of(context.function).origin_of_name) if target is not None else frozenset()
        if not values:
            return []
        no_grad = context.no_grad or returned_without_grad(value, nodes)
        return [self.event(Put, statement, target=target, values=values, no_grad=no_grad, scope=context.function, added=value)]

    def dict_updated(self, call: cst.Call, context: Context) -> list[Node]:
        """`losses_dict.update(loss(outputs))` on a name every binding of which makes a dict (`losses_dict = {}`): the
        entries it is handed are put into it, read as the assignment of a value made of its argument (a Put of the
        names it reads); nothing for another receiver (a meter's `update`, a scaler's)."""
        func = call.func
        if not (isinstance(func, cst.Attribute) and func.attr.value == "update" and isinstance(func.value, cst.Name)):
            return []
        if len(call.args) != 1 or call.args[0].keyword is not None or call.args[0].star:
            return []
        bindings = context.resolver.bindings(func.value.value)
        if not bindings or any(binding.value is None or mapping_entries(binding.value) is None for binding in bindings):
            return []
        argument = call.args[0].value
        values = names_read(argument, self.index_of(context.function).origin_of_name)
        if not values:
            return []
        return [self.event(Put, call, target=func.value.value, values=values, no_grad=context.no_grad, scope=context.function, added=argument)]

    def flags_built(self, statement: cst.Assign | cst.AnnAssign | cst.AugAssign, context: Context) -> list[Node]:
        """`agent = ClassifierAgent(opt, model)`, a class of the file or of the project: the flags its `__init__`
        leaves set (`construction_flags`), each set where the instance is bound (`agent._number_grad_accum = 0`)."""
        value = statement.value
        callee = dotted_name(value.func) if isinstance(value, cst.Call) else None
        if not isinstance(statement, cst.Assign) or len(statement.targets) != 1 or not (callee and callee.rsplit(".", 1)[-1][:1].isupper()):
            return []
        target = statement.targets[0].target
        built = self.constructions_of(value, context.resolver, 0) if isinstance(target, (cst.Name, cst.Attribute)) else None
        if built is None or len(built) != 1:
            return []
        home, cls = built[0][0], built[0][1]
        return [
            self.rebind(statement, keys, resets=True, flag=literal)
            for attribute, literal in sorted(construction_flags(home, cls).items())
            if len(keys := set(context.naming.stored(cst.Attribute(value=target, attr=cst.Name(attribute))))) == 1
        ]

    def handed_back(self, value: cst.BaseExpression | None, nodes: list[Node], context: Context) -> frozenset[str]:
        """`state = update(model, state)` where `update` (of the file or the project, inlined or not) returns, on every
        return and at its end, the parameter `state` was handed to, and never rebinds it: the name keeps the object it
        held, and the tests of it still agree. Unknown (a rebinding) for anything else: a method, `*args`, another
        value returned, a def that does not resolve."""
        if not isinstance(value, cst.Call):
            return frozenset()
        inlined = next((node for node in nodes if isinstance(node, Inlined) and node.call is value), None)
        if inlined is not None:
            returned = parameter_returned(inlined.function)
            argument = dict(inlined.arguments).get(returned[0]) if returned is not None else None
        else:
            returned = self.returned_parameter(value, context)
            argument = argument_bound(*returned, value) if returned is not None else None
        key = context.naming.chain(argument) if argument is not None else None
        return frozenset({key}) if key is not None else frozenset()

    def returned_parameter(self, call: cst.Call, context: Context) -> tuple[str, tuple[str, ...]] | None:
        """`parameter_returned` of the def a call runs: one of the file, or of the project (asked of its CPython tree:
        a def whose words say nothing of the lifecycle, `batch_forward`, is not parsed by LibCST)."""
        called = self.function_called(call, context)
        if called is not None:
            return parameter_returned(called[1])
        index = self.index_of(context.function)
        dotted = dotted_name(call.func)
        if index.project is None or dotted is None or (
            isinstance(context.function, cst.FunctionDef) and dotted.split(".")[0] in locals_of(context.function)
        ):
            return None
        found = index.project.project.definition(index.project, dotted)
        return found[0].returned_parameter(found[1]) if found is not None and found[1] is not None else None

    @staticmethod
    def parts_returned(target: cst.BaseExpression, called: Called | None) -> frozenset[tuple[str, str]]:
        """`state_events.parts_returned` of the function a call runs, when it is visible."""
        return state_events.parts_returned(target, called[1], returns_of(called[1])) if called is not None else frozenset()

    @staticmethod
    def graphs_returned(target: cst.BaseExpression, called: Called | None) -> tuple[frozenset[str], frozenset[str]]:
        """The names of a tuple target (`wav, mask = self.generator(mel)`) whose element of what the called function
        returns carries no autograd graph (the mask, a comparison), and those whose element carries its parameters'
        (`returned_graphs`); none where the function is not visible."""
        names = tuple_elements(target)
        if called is None or names is None or starred(target):
            return frozenset(), frozenset()
        carried = list(zip((code_of(name) for name in names), elements_carried(*called, len(names))))
        return (
            frozenset(name for name, graph in carried if graph is Carried.NOTHING),
            frozenset(name for name, graph in carried if graph is Carried.GRAPH),
        )

    @staticmethod
    def graphs_handed(target: cst.BaseExpression, called: Called | None, call: cst.BaseExpression | None) -> tuple[tuple[str, cst.BaseExpression], ...]:
        """The names of a tuple target (`loss, pos_dist, neg_dist = self.triplet_loss(F0, F1, pairs)`), each with an
        argument of the call whose graph its element of what the called function returns carries on where that argument
        carries one (`returned_graphs.handed_carriers`: `F0`, `F1`); none where the function is not visible."""
        names = tuple_elements(target)
        if called is None or names is None or starred(target) or not isinstance(call, cst.Call):
            return ()
        # `criterion(F0, F1)` runs the `forward` of the object's class: its `self` is the object, as for `obj.method(...)`
        arguments = arguments_by_parameter(call, called[1], constructs=called[0].owner_class(called[1]) is not None)
        return tuple(
            (code_of(name), arguments[parameter])
            for name, carriers in zip(names, handed_carriers(*called, len(names))) if isinstance(name, cst.Name)
            for parameter in sorted(carriers) if parameter in arguments
        )

    def guessed(self, call: cst.Call, context: Context) -> bool:
        """Whether the function a call runs is only the file's one method of its name, called on an object of no known
        class (`value.act(inputs)` in an agent whose own `act` is not the model's)."""
        func = call.func
        return isinstance(func, cst.Attribute) and not is_self(func.value) and self.index_of(context.function).callee(call, context.function) is not None

    def function_called(self, call: cst.Call, context: Context) -> Called | None:
        """The function a call runs, with its module's index: one of the file or imported from the project, or the
        `__call__` (else `forward`) of the one class, of the file or of the project, the called object was built from
        (`self.loss_fn = DetectionLoss()`, or `create_loss_function(cfg)` of another module returning one)."""
        index = self.index_of(context.function)
        found = index.callee(call, context.function)
        if found is not None:
            return index, found[0]
        classes = context.resolver.classes_built(call.func)
        if classes is not None and len(classes) == 1:
            home, cls = classes[0]
            method = home.method(cls, "__call__") or home.method(cls, "forward")
            if method is not None:
                return home, method
        function = self.imported_function(call.func, context)
        return (self.index_of(function), function) if function is not None else None

    def assigned_value(self, statement: cst.Assign | cst.AnnAssign | cst.AugAssign, stored: set[str], context: Context) -> Event:
        """The Rebind of an assignment, with what it says about counters and flags."""
        value = statement.value
        if value is None:
            return self.rebind(statement, stored)
        if isinstance(statement, cst.AugAssign):
            steps = isinstance(statement.operator, (cst.AddAssign, cst.SubtractAssign))
            counts = steps and (literal_of(value) is not None or context.naming.chain(value) is not None)
            resets = isinstance(statement.operator, cst.ModuloAssign)
            whole = steps and len(stored) == 1 and isinstance(value, cst.Integer)
            adds = (-1 if isinstance(statement.operator, cst.SubtractAssign) else 1) * int(value.evaluated_value) if whole else None
            return self.rebind(statement, stored, counts=counts, resets=resets, totals=steps and not counts, adds=adds)
        derives = reads_of_value(value, context.naming)
        test = condition_of(value, context.naming) if type(value) in (cst.Comparison, cst.BooleanOperation, cst.UnaryOperation, cst.IfExp) else None
        counts = isinstance(value, cst.BinaryOperation) and bool(stored & derives)  # `step = step + 1`
        wraps = counts and isinstance(value.operator, cst.Modulo)  # `micro = (micro + 1) % n`
        literal = literal_of(value)
        # `found_oom = 0` ... `found_oom = 1` (an int where a backend cannot reduce a bool) is a flag too.
        flag = literal if literal in {"True", "False", "1", "0"} and len(stored) == 1 else None
        copies = copied_chain(value, context.naming) if len(stored) == 1 else None  # as a flag's atom keys it
        return self.rebind(statement, stored, counts, literal is not None or wraps, derives, test, flag=flag, copies=copies)

    def builds_an_optimizer(self, call: cst.Call, targets: list[cst.BaseExpression], context: Context) -> bool:
        """`torch.optim.AdamW(...)`, or a class of the file or the project derived from torch's `Optimizer` bound to a
        name that says optimizer (`optimizer = AnyPrecisionAdamW(...)`)."""
        if is_optimizer_construction(call):
            return True
        callee = dotted_name(call.func)
        return (
            callee is not None and callee.rsplit(".", 1)[-1][:1].isupper()
            and any(says_optimizer(last_name(name) or "") for target in targets for name in assigned_names(target))
            and self.index_of(context.function).is_torch_optimizer_class(callee)
        )

    @staticmethod
    def over_lasting_model(construction: cst.Call, context: Context) -> bool:
        """An optimizer built in a loop over a model that loop never rebuilds: its `.grad` is the model's, not new."""
        if context.loop_rebinds is None:
            return False
        params = next((a.value for a in construction.args if a.keyword is None), None)
        params = next((a.value for a in construction.args if a.keyword and a.keyword.value == "params"), params)
        owners = context.resolver.parameter_owners(params) if params is not None else frozenset()
        return bool(owners) and not any(
            owner == name or owner.startswith((name + ".", name + "[")) for owner in owners for name in context.loop_rebinds
        )

    def rebind(
        self, node: cst.CSTNode, names, counts: bool = False, resets: bool = False, derives=frozenset(), test=None,
        totals: bool = False, flag: str | None = None, start: str | None = None, copies: str | None = None,
        resumable: bool = False, one_of: frozenset[str] | None = None, adds: int | None = None,
    ) -> Event:
        # No text: a rebinding is never shown, and rendering every assignment twice costs.
        return Rebind(
            next(self.ids), node, frozenset(names), counts, resets, derives, test, totals, flag, start, resumable, copies, one_of, adds
        )

    def unrolled_loop(self, statement: cst.For, context: Context) -> list[Node] | None:
        """`for hook in self.hooks: hook.after_train_iter(self)` over a list or tuple bound once to a literal of
        constructions of classes of the file or of the project, of more than one class, that nothing grows: the body
        built once per element, in the literal's order, the target that element's instance (`Context.unrolled`), for
        every hook runs in turn (not one of them, as a choice among constructions would have it). None for any other
        loop, or one whose body breaks, continues or binds the target."""
        target, collection = statement.target, statement.iter
        if not isinstance(target, cst.Name) or statement.orelse is not None or not isinstance(collection, (cst.Name, cst.Attribute)):
            return None
        key = code_of(collection)
        bindings = context.resolver.bindings(key)
        value = bindings[0].value if len(bindings) == 1 else None
        if not isinstance(value, (cst.List, cst.Tuple)) or any(key in scope.grown for scope in context.resolver.scopes):
            return None
        if any(isinstance(e, cst.StarredElement) for e in value.elements) or nodes_of(statement.body, (cst.Break, cst.Continue)):
            return None
        bound = Bindings(statements_of(statement.body))
        if target.value in bound.names | bound.opaque:
            return None  # the body binds the target to something else
        built = [self.constructions_of(e.value, self.writer(collection, bindings[0], context), 0) for e in value.elements]
        if any(each is None or len(each) != 1 for each in built) or len({each[0][1] for each in built}) < 2:  # type: ignore[index]
            return None
        nodes = self.expression(collection, context)
        for position, (construction,) in enumerate(built):  # type: ignore[arg-type]
            element = (construction, f"{context.resolver.canonical(collection)}[{position}]")
            inner = self.loop_context(statement, context).but(tail_jump=None, unrolled={**context.unrolled, target.value: element})
            nodes += [*self.loop_targets(statement, context), *self.block(statements_of(statement.body), inner).items]
        return nodes

    def loop_targets(self, statement: cst.For, context: Context) -> list[Node]:
        """Each iteration binds the loop's target anew; the index of `enumerate` and a `range` target count."""
        iterable = statement.iter
        while (
            isinstance(iterable, cst.Call) and iterable.args and isinstance(iterable.args[0].value, cst.Call)
            and not counting_iterable(iterable) and (dotted_name(iterable.func) or "").rsplit(".", 1)[-1] not in PAIRING
        ):
            iterable = iterable.args[0].value  # tqdm(enumerate(loader)), list(range(n)); not zip(range(n), loader)
        counters: set[str] = set()
        if isinstance(iterable, cst.Call) and counting_iterable(iterable):
            counters = set(context.naming.stored(statement.target))
        elif isinstance(iterable, cst.Call) and dotted_name(iterable.func) == "enumerate" and isinstance(statement.target, cst.Tuple):
            counters = set(context.naming.stored(statement.target.elements[0].value))
        others = set(context.naming.stored(statement.target)) - counters
        start = counter_start(iterable) if isinstance(iterable, cst.Call) else None
        found = [self.rebind(statement.target, counters, True, start=start)] if counters else []
        one_of = strings_of(statement.iter) if isinstance(statement.target, cst.Name) else None
        return found + ([self.rebind(statement.target, others, one_of=one_of)] if others else [])

    def expression(self, expression: cst.CSTNode | None, context: Context) -> list[Node]:
        if expression is None:
            return []
        collector = _CallCollector(self, context)
        visit(expression, collector)
        return collector.nodes

    def event(self, kind: type[Event], node: cst.CSTNode, **fields) -> Event:
        if kind is Clear and self.clear_site is not None:
            if isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute):
                fields["written"] = node.func.value
            node = self.clear_site
        return kind(id=next(self.ids), node=node, **fields)

    def loop_context(self, loop: cst.For | cst.While, context: Context) -> Context:
        body = statements_of(loop.body)
        inner = context.but(
            tail_jump="continue", gated=context.gated or self.accumulating_in(body, context), loop_rebinds=self.loop_rebinds(loop)
        )
        if isinstance(loop, cst.For):
            element = frozenset(code_of(name) for name in assigned_names(loop.target))
            inner = inner.but(resolver=context.resolver.within_loop(loop.target, loop.iter), element_loop=(context.function, element))
        else:
            inner = inner.but(element_loop=None)
        if self.reads and isinstance(loop, cst.For):
            inner = inner.but(elements={**context.elements, **loop_elements(loop.target, loop.iter)})
        return inner

    @staticmethod
    def element_filtered(test: cst.BaseExpression, guarded: Block, context: Context) -> bool:
        """Whether `test` filters the element of the `for` loop it is written in, and what it guards writes
        gradients by hand and nothing else (`element_filters`): the write is read as the loop's, unconditional."""
        loop = context.element_loop
        return (
            loop is not None and loop[0] is context.function and filters_the_element(test, loop[1])
            and writes_gradients_only(guarded)
        )

    def own_keys(
        self, function: cst.FunctionDef, naming: Naming, resolver: Resolver, overlay: Mapping[str, str], context: Context
    ) -> dict[str, str]:
        """The helper's locals naming an optimizer that a function it runs in binds too, keyed as its own
        (`Naming.key`): a local name is local to its function, and the optimizer a helper builds over its own model
        (a matcher's, trained first) is not the one its caller builds over another under the same name."""
        outer = frozenset().union(*(self.visible_in(f) for f in context.stack))
        return {
            name: naming.key(name) for name in sorted((locals_of(function) & outer) - leaving(function))
            if name not in overlay and name not in naming.params and resolver.role(cst.Name(name)) is Role.OPTIMIZER
        }

    def past_allowance(self) -> bool:
        """Whether the inlining of another module's method has built all the statements it may."""
        return self.inlining_until is not None and self.built > self.inlining_until

    @staticmethod
    def copied_arguments(
        params: list[str], fresh: set[str], naming: Naming, arguments: Mapping[str, tuple[Resolver, cst.BaseExpression]],
        context: Context,
    ) -> dict[str, str]:
        """The helper's fresh parameters (keyed as its own locals: its body assigns them, `state = backward(model,
        state)`, or the call hands no chain, `copy.deepcopy(configs)`) that the call hands a name or chain of the caller,
        or a copy of one (`conditions.copied_chain`): each key with that chain's. Bound at the call, such a parameter
        holds its argument's value there, as `state = configs` would (`CorrelationPlan.keep_copies` pairs its tests
        with the caller's)."""
        copied: dict[str, str] = {}
        for name in params:
            key, handed = naming.key(name), arguments.get(name)
            if key in fresh and handed is not None and handed[0] is context.resolver:
                if (source := copied_chain(handed[1], context.naming)) is not None:
                    copied[key] = source
        return copied

    def inline_body(
        self, call: cst.CSTNode, function: cst.FunctionDef, context: Context, overlay, roles, arguments=None, naming: Naming | None = None,
        instance: Built | None = None, gathered: tuple[tuple[str, tuple[cst.BaseExpression, ...]], ...] = (),
    ) -> list[Node]:
        if function in context.stack or len(context.stack) > CALL_DEPTH or self.past_allowance():
            return []
        self.homes.setdefault(function, self.index_of(context.function))  # a def found from a module is of that module
        naming = naming or self.naming_for(function, context, [], {}, None)
        owner = self.index_of(function).owner_class(function)
        mro = tuple(instance[0].lineage(instance[1])) if instance is not None else context.mro
        mro = mro if any(cls is owner for _, cls in mro) else ()  # `self`'s classes, where the method is one of theirs
        resolver = self.index_of(function).resolver_for(function, overlay, roles, arguments, mro[0] if mro else None)
        if own_keys := self.own_keys(function, naming, resolver, overlay, context):
            resolver = replace(resolver, own_keys=own_keys)
        around = self.enclosing_instance(function, context)
        if around is not None:
            resolver = resolver.within(around.resolver, locals_of(function))
        inner = Context(
            resolver,
            function,
            (*context.stack, function),
            "return",
            accelerate=context.accelerate,
            naming=naming,
            instances=(*context.instances, Instance(function, naming, resolver)),
            no_grad=context.no_grad or state_events.function_disables_grad(function),
            entered_without_grad=context.no_grad or state_events.function_disables_grad(function),
            mro=mro,
            patched=context.patched,
        )
        body = statements_of(function.body)
        inner = inner.but(
            gated=context.gated or self.accumulating_in(body, inner), returns_run=function if context.returns_run is function else None,
            engine_run=context.engine_run if context.returns_run is function else None,
        )
        params = [p.name.value for p in [*function.params.posonly_params, *function.params.params, *function.params.kwonly_params]]
        fresh = {naming.key(name) for name in params if name not in naming.params and name not in naming.constants}
        bound = tuple((name, argument) for name, (_, argument) in (arguments or {}).items() if name.isidentifier())  # not a `self.x`
        copied = self.copied_arguments(params, fresh, naming, arguments or {}, context)
        # Each call's own locals start unbound: nothing an earlier call bound is in them.
        unbound = {naming.key(name) for name in own_locals(function)}
        # The parameters take the arguments' values here: first the entry (ZG602's `rebindings_in` reads it), then one
        # rebinding for each parameter that copies its argument.
        entry = [self.rebind(call, (fresh - copied.keys()) | unbound)] if fresh or unbound or bound or gathered else []
        entry += [self.rebind(call, {key}, copies=source) for key, source in sorted(copied.items())]
        block = self.placed(Block((*entry, *self.block(body, inner).items)), function, resolver)
        return [Inlined(call, function, block, arguments=bound, gathered=gathered)]


def library_loop(index: ModuleIndex, function: cst.FunctionDef, mro: tuple[tuple[ModuleIndex, cst.ClassDef], ...]) -> str | None:
    """Whose loop calls the def once per batch, its body that loop's (summaries.LIGHTNING_LOOP, HF_TRAINER_LOOP); None
    for a def no library's loop is known to call."""
    if lightning_optimisation(index, function, mro) is not None:
        return LIGHTNING_LOOP
    return HF_TRAINER_LOOP if runs_in_trainer_loop(index, function, mro) else None


def runs_in_trainer_loop(index: ModuleIndex, function: cst.FunctionDef, mro: tuple[tuple[ModuleIndex, cst.ClassDef], ...]) -> bool:
    """`compute_loss` or `training_step` of a subclass of the Hugging Face `Trainer` (summaries.py,
    `library_classes.derives_from_trainer`)."""
    return function.name.value in HF_LOOP_BODIES and derives_from_trainer(index, function, mro)


def lightning_optimisation(
    index: ModuleIndex, function: cst.FunctionDef, mro: tuple[tuple[ModuleIndex, cst.ClassDef], ...]
) -> bool | None:
    """For `training_step` of a LightningModule, the body of Lightning's loop (summaries.py): True under automatic
    optimisation (`automatic_optimization` set nowhere along its classes, or only to True, and no `manual_backward` in
    the body), False under manual (set to False only); None for another def, or where the flag's value is not known.
    `mro`: the classes of the subclass it is checked for, else its own class's lineage (of the file and the project)."""
    owner = index.owner_class(function)
    if function.name.value != LIGHTNING_LOOP_BODY or owner is None:
        return None
    classes = mro or tuple(index.lineage(owner))
    if not any((dotted_name(base.value) or "").rsplit(".", 1)[-1] == LIGHTNING_MODULE for _, cls in classes for base in cls.bases):
        return None
    set_to = next((values for home, cls in classes if (values := optimization_set(home, cls))), [])
    said = {literal_of(value) for value in set_to}
    if said == {"False"}:
        return False
    backpropagates = any(a.attr.value == MANUAL_BACKWARD for a in nodes_of(function, cst.Attribute))  # type: ignore[attr-defined]
    return True if said <= {"True"} and not backpropagates else None


def optimization_set(index: ModuleIndex, cls: cst.ClassDef) -> list[cst.BaseExpression]:
    """What a class sets `automatic_optimization` to: `self.automatic_optimization = ...` in its methods, a class
    attribute, or what its property returns."""
    bindings = index.class_scope(cls).bindings.get(f"self.{MANUAL_OPTIMIZATION_FLAG}", ())
    values = [value for b in bindings if (value := b.value or b.alias) is not None]  # `False`, a name, is bound as an alias
    for statement in statements_of(cls.body):
        if isinstance(statement, cst.SimpleStatementLine):
            values += [
                small.value for small in statement.body if isinstance(small, cst.Assign) and small.value is not None
                and any(code_of(t.target) == MANUAL_OPTIMIZATION_FLAG for t in small.targets)
            ]
    prop = index.methods_of.get(cls, {}).get(MANUAL_OPTIMIZATION_FLAG)
    return values + (list(returns_of(prop)) if prop is not None else [])


def computed_without_grad(test: cst.BaseExpression, context: Context) -> bool:
    """`loss.requires_grad` of a `loss` computed by the function (every binding of it a value made there, none a
    parameter nor another name's object) whose whole body runs under `torch.no_grad()`: false, as for every tensor made
    there (the validation pass of a helper the loop also runs to train)."""
    function = context.function
    if (
        not context.entered_without_grad or not isinstance(function, cst.FunctionDef) or not isinstance(test, cst.Attribute)
        or test.attr.value != "requires_grad" or not isinstance(test.value, cst.Name)
    ):
        return False
    name = test.value.value
    params = function.params
    if name in {p.name.value for p in [*params.posonly_params, *params.params, *params.kwonly_params]} or name not in assigned_in(function):
        return False
    bindings = context.resolver.bindings(name)
    return bool(bindings) and all(
        b.value is not None and b.alias is None and b.element_of is None and b.unpacked is None for b in bindings
    )


@for_one_file  # asked at each assignment calling the def, each time the function holding it is built
def parameter_returned(function: cst.FunctionDef) -> tuple[str, tuple[str, ...]] | None:
    """The parameter a plain def (no decorator, no generator, not async) returns on every return, its last statement
    one, and never rebinds, with its positional parameters (`ProjectModule.returned_parameter` asks it of a def of the
    project in CPython's tree)."""
    body = function.body.body if isinstance(function.body, cst.IndentedBlock) else ()
    last = body[-1] if body else None
    if function.decorators or function.asynchronous is not None or yields(function):
        return None  # a coroutine, a generator, or what a decorator makes of it
    returned = {r.value.value if isinstance(r.value, cst.Name) else None for r in nodes_of(function.body, cst.Return)}
    if not (isinstance(last, cst.SimpleStatementLine) and isinstance(last.body[-1], cst.Return)) or len(returned) != 1:
        return None
    name = next(iter(returned))
    positional = tuple(p.name.value for p in [*function.params.posonly_params, *function.params.params])
    if name not in {*positional, *(p.name.value for p in function.params.kwonly_params)} or name in assigned_in(function):
        return None
    return name, positional


def argument_bound(parameter: str, positional: tuple[str, ...], call: cst.Call) -> cst.BaseExpression | None:
    """What a call of a plain function (no `self` or `cls`, no `*args` in the call) hands a parameter."""
    if (positional and positional[0] in {"self", "cls"}) or any(argument.star for argument in call.args):
        return None
    keywords = {a.keyword.value: a.value for a in call.args if a.keyword is not None}
    values = [a.value for a in call.args if a.keyword is None]
    if parameter in keywords:
        return keywords[parameter]
    at = positional.index(parameter) if parameter in positional else len(values)
    return values[at] if at < len(values) else None


# An assignment's value is read again each time the function holding it is inlined (nine times a helper of torch's
# dist_optimizer_test.py): what it calls and reads, as text, is the node's own.
@for_one_file
def callees_of(value: cst.CSTNode | None) -> frozenset[str]:
    if value is None:
        return frozenset()
    return frozenset(name for call in nodes_of(value, cst.Call) if (name := dotted_name(call.func)))


@for_one_file
def names_read(value: cst.CSTNode, origin_of: Callable[[str], str | None] | None = None) -> frozenset[str]:
    """The code of each name and attribute of `self` a value reads as data (`used_names`)."""
    return frozenset(code_of(n) for n in used_names(value, origin_of))


def used_names(value: cst.CSTNode, origin_of: Callable[[str], str | None] | None = None) -> list[cst.Name | cst.Attribute]:
    """The names a value reads as data (not the functions it calls, not attribute names), and the attributes of
    `self` it reads (`self.fake_B`: what an inlined method of the same instance may have assigned). `origin_of`: what
    a dotted callee stands for through the module's imports, where a new array's arguments (`np.stack(states)`) are
    read as none: what they hold stays out of its value's graph."""
    names = _DataNames(origin_of)
    visit(value, names)
    return names.found


def entries_read(value: cst.CSTNode, origin_of: Callable[[str], str | None] | None = None) -> frozenset[str]:
    """The entries of named containers at literal keys a value reads as data, as `entry_name` names them
    (`self._predictions['cls_score']`: what a method of the instance may have put there), read as `used_names` reads."""
    names = _DataNames(origin_of)
    visit(value, names)
    return frozenset(names.entries)


def is_self(node: cst.BaseExpression) -> bool:
    return isinstance(node, cst.Name) and node.value == "self"


class _DataNames(cst.CSTVisitor):
    def __init__(self, origin_of: Callable[[str], str | None] | None) -> None:
        self.found: list[cst.Name | cst.Attribute] = []
        self.entries: list[str] = []  # `entry_name` of each entry read at a literal key (its container is read too)
        self.origin_of = origin_of

    def visit_Name(self, node: cst.Name) -> None:
        self.found.append(node)

    def visit_Subscript(self, node: cst.Subscript) -> bool:
        if (entry := entry_name(node)) is not None:
            self.entries.append(entry)
        return True

    def visit_Attribute(self, node: cst.Attribute) -> bool:
        if node.attr.value in GRAPHLESS_ATTRIBUTES:  # `fake.data`, like `fake.detach()`, carries no graph, nor `fake.shape`
            return False
        if is_self(node.value):
            self.found.append(node)
        else:
            visit(node.value, self)
        return False

    def visit_Call(self, node: cst.Call) -> bool:
        if isinstance(node.func, cst.Attribute) and node.func.attr.value == "detach":
            return False  # `fake.detach()` carries no graph into the loss
        if self.origin_of is not None and (callee := dotted_name(node.func)) is not None and self.origin_of(callee) in NUMPY_ARRAY_MAKERS:
            return False  # nor does `np.stack(states)`
        called_on_self = isinstance(node.func, cst.Attribute) and is_self(node.func.value)
        if not isinstance(node.func, cst.Name) and not called_on_self:
            visit(node.func, self)  # `model.encoder(x)` reads `model`; `self.criterion(...)`, like `criterion(...)`, is called
        for argument in node.args:
            visit(argument, self)
        return False


def is_requires_grad(target: cst.BaseExpression, value: cst.BaseExpression | None) -> bool:
    return isinstance(target, cst.Attribute) and target.attr.value == "requires_grad" and value is not None


def counting_iterable(call: cst.Call) -> bool:
    return COUNTING_ITERABLES.search(dotted_name(call.func) or "") is not None


def counter_start(call: cst.Call) -> str | None:
    """The literal a counting loop's counter holds in its first iteration, when it only grows from there: `range(n)`,
    `enumerate(loader)`, `count()`: 0; `range(1, n)`, `range(0, n, k)` (`k` a positive literal or a name: a range's
    step is never 0, and a name for one counts up in practice), `enumerate(loader, 1)`, `enumerate(loader, start=1)`:
    their first argument; None where it is not written (`enumerate(loader, start_iter)`), the counter may count down
    (`range(n, 0, -1)`), or the call is none of those."""
    name = (dotted_name(call.func) or "").rsplit(".", 1)[-1]
    if any(a.star for a in call.args):
        return None
    positional = [a.value for a in call.args if a.keyword is None]
    keywords = {a.keyword.value: a.value for a in call.args if a.keyword is not None}
    if name in {"range", "trange"}:
        given, step = (positional[0] if len(positional) >= 2 else None), (positional[2] if len(positional) >= 3 else None)
    elif name == "enumerate":
        given, step = keywords.get("start", positional[1] if len(positional) >= 2 else None), None
    elif name == "count":
        given, step = keywords.get("start", positional[0] if positional else None), keywords.get("step", positional[1] if len(positional) >= 2 else None)
    else:
        return None
    if step is not None and isinstance(step, cst.UnaryOperation):
        return None  # `range(n, 0, -1)`
    start = "0" if given is None else literal_of(given)
    return start if start is not None and re.fullmatch(r"-?\d+", start) else None


class _CallCollector(cst.CSTVisitor):
    """Events of an expression in evaluation order: arguments before the call that takes them."""

    def __init__(self, builder: Builder, context: Context) -> None:
        self.builder = builder
        self.context = context
        self.nodes: list[Node] = []
        self.comprehensions: list[dict[str, cst.BaseExpression]] = []  # loop variables of the comprehensions entered

    def visit_Lambda(self, node: cst.Lambda) -> bool:
        return False

    def visit_Attribute(self, node: cst.Attribute) -> None:
        if self.builder.reads and node.attr.value == "grad" and isinstance(node.value, cst.Name):
            local = {name: collection for frame in self.comprehensions for name, collection in frame.items()}
            self.nodes.append(self.builder.grad_access(node, self.context, local))

    def visit_comprehension(self, node: cst.BaseComp) -> None:
        frame: dict[str, cst.BaseExpression] = {}
        for_in: cst.CompFor | None = node.for_in
        while for_in is not None:
            frame.update(loop_elements(for_in.target, for_in.iter))
            for_in = for_in.inner_for_in
        self.comprehensions.append(frame)

    def leave_comprehension(self, original_node: cst.BaseComp) -> None:
        self.comprehensions.pop()

    visit_ListComp = visit_SetComp = visit_GeneratorExp = visit_DictComp = visit_comprehension
    leave_ListComp = leave_SetComp = leave_GeneratorExp = leave_DictComp = leave_comprehension

    def leave_NamedExpr(self, original_node: cst.NamedExpr) -> None:
        stored = set(self.context.naming.stored(original_node.target))
        if stored:
            self.nodes.append(self.builder.rebind(original_node, stored))

    def leave_Call(self, original_node: cst.Call) -> None:
        found = self.builder.call(original_node, self.context)
        naming, resolver = self.context.naming, self.context.resolver
        present = naming.dereferenced(original_node) if found else frozenset()
        truthy = frozenset(key for key, receiver in naming.called_on(original_node) if resolver.role(receiver) in TRUTHY_ROLES) if present else frozenset()
        self.nodes.extend(  # the call's own events: the receivers it read are no None once they ran
            replace(node, present=present, truthy=truthy) if present and isinstance(node, Event) and node.node is original_node else node
            for node in found
        )

