"""Everything the rules may ask about a file, computed once: the facts.

For every function (and the module body) with a backward and a step, the
lifecycle IR is interpreted twice: once to learn which optimizer each
backward and clip feeds, once to learn what the gradients hold before every
event. Rules only read these facts; they never walk the tree.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass
from functools import cached_property
from typing import Iterator, Mapping

import libcst as cst
from libcst.metadata import CodeRange, PositionProvider

from zerograd_lint.analysis.builder import Builder
from zerograd_lint.analysis.flow import Correlated, Interpreter, Structure, Where, repeated_flags
from zerograd_lint.analysis.grad_reads import GradRead, find_grad_reads
from zerograd_lint.analysis.gradients import AssociationDomain, GradientDomain, GradState, clear_coverage
from zerograd_lint.analysis.index import Container, ModuleIndex
from zerograd_lint.analysis.kept_values import KeptValue, kept_values
from zerograd_lint.analysis.rebuilt_optimizers import recreated_optimizers
from zerograd_lint.analysis.schedules import early_scheduler_steps
from zerograd_lint.analysis.ir import (
    Assign,
    Backward,
    Block,
    Clear,
    Coverage,
    Event,
    Inlined,
    Loop,
    Node,
    OptimizerBuilt,
    SchedulerStep,
    Step,
    Unscale,
    children,
    events_in,
)
from zerograd_lint.analysis.names import code_of
from zerograd_lint.analysis.needs import Needs
from zerograd_lint.analysis.uncalled import Uncalled, find_uncalled

NOWHERE = Where(None, None, None, None)
ACCUMULATE_TEXT = re.compile(r"\.accumulate\(")


@dataclass(frozen=True)
class RootFacts:
    """The lifecycle of one function (or the module body), helpers inlined."""

    root: Container
    block: Block
    events: tuple[Event, ...]
    before: Mapping[int, GradState]  # event id -> what the gradients may hold just before it
    where: Mapping[int, Where]
    fed: Mapping[int, frozenset[str]]  # backward/clip id -> the optimizers it feeds
    optimizers: frozenset[str]
    is_step_body: bool  # backward and step outside any training loop
    training_loops: tuple[Loop, ...]
    models: Mapping[str, frozenset[str]]  # optimizer -> the one model it is visibly built from

    def coverage(self, clear: Clear, key: str) -> Coverage:
        return clear_coverage(clear, key, self.optimizers, self.models)

    @cached_property
    def by_id(self) -> dict[int, Event]:
        return {e.id: e for e in self.events}

    def in_region(self, event: Event) -> bool:
        """Whether the order rules apply: inside a training loop, or in a step body."""
        where = self.where.get(event.id)
        return where is not None and (where.loop is not None or self.is_step_body)

    def reached(self, event: Event) -> bool:
        return event.id in self.before

    def loop_of(self, event: Event) -> Loop | None:
        where = self.where.get(event.id)
        return where.loop if where else None

    # The state rules' facts (ZG204, ZG601, ZG602), computed when a rule first asks.

    @cached_property
    def early_scheduler_steps(self) -> list[tuple[SchedulerStep, Step]]:
        return early_scheduler_steps(self.block, self.events)

    @cached_property
    def recreated_optimizers(self) -> list[tuple[OptimizerBuilt, Loop, Step]]:
        return list(recreated_optimizers(self.block, Structure()))

    @cached_property
    def kept_values(self) -> list[KeptValue]:
        known = {m for group in self.models.values() for m in group}
        known |= {e.target.key for e in self.events if isinstance(e, Clear) and e.target.kind == "model"}
        return list(kept_values(self.block, self.events, Structure(), lambda callee: runs_model(callee, known)))


@dataclass(frozen=True, eq=False)
class FileFacts:
    module: cst.Module | None  # None when no rule needs LibCST (only `.grad` reads to check)
    roots: tuple[RootFacts, ...]
    grad_reads: tuple[GradRead, ...]
    uncalled: tuple[Uncalled, ...]
    helpers: frozenset[str]  # names of the functions and methods defined in the file
    sums_on_purpose: bool  # some loss is built with reduction="sum"

    @cached_property
    def positions(self) -> Mapping[cst.CSTNode, CodeRange]:
        """Resolved on the first report only: it costs a full code generation of the module."""
        return cst.MetadataWrapper(self.module, unsafe_skip_copy=True).resolve(PositionProvider)

    def span(self, node: cst.CSTNode) -> tuple[int, int, int, int]:
        """1-based line and column of the start, and the end, of a node."""
        where = self.positions[node]
        return where.start.line, where.start.column + 1, where.end.line, where.end.column + 1

    def line(self, node: cst.CSTNode) -> int:
        return self.positions[node].start.line


def build_facts(tree: ast.Module, source: str, module: cst.Module | None, needs: Needs) -> FileFacts:
    """The facts of a file; `needs` skips the analyses no rule can report on.

    `tree` is CPython's AST of `source`, `module` LibCST's (needed for `needs.needs_libcst`).
    """
    index = ModuleIndex(module) if module is not None and needs.needs_libcst else None
    roots: tuple[RootFacts, ...] = ()
    if index is not None and needs.lifecycle:
        builder = Builder(index, accelerate_accumulates=ACCUMULATE_TEXT.search(source) is not None)
        wanted = needs.roots if needs.roots is not None and len(needs.roots) == len(index.roots) else None
        chosen = [root for position, root in enumerate(index.roots) if wanted is None or wanted[position]]
        blocks = {root: builder.build(root) for root in chosen}
        # A helper inlined into a caller of this file is analysed there, where its arguments are known.
        inlined = {node.function for block in blocks.values() for node in walk(block) if isinstance(node, Inlined)}
        roots = tuple(filter(None, (analyse_root(root, block, builder) for root, block in blocks.items() if root not in inlined)))
    return FileFacts(
        module,
        roots,
        tuple(find_grad_reads(tree, source)) if needs.grad_reads else (),
        tuple(find_uncalled(index)) if index is not None and needs.uncalled else (),
        index.helper_names if index is not None else frozenset(),
        bool(re.search(r"reduction\s*=\s*['\"]sum['\"]", source)),
    )


def analyse_root(root: Container, block: Block, builder: Builder) -> RootFacts | None:
    events = tuple(events_in(block))
    if not any(isinstance(e, Backward) for e in events) or not any(isinstance(e, Step) for e in events):
        return None
    structure = Structure()
    optimizers = frozenset(
        [e.optimizer for e in events if isinstance(e, (Step, Unscale))]
        + [e.target.key for e in events if isinstance(e, Clear) and e.target.kind == "optimizer"]
    )
    models = dict(builder.models)
    model_keys = frozenset(e.target.key for e in events if isinstance(e, Clear) and e.target.kind == "model") | {
        m for key in optimizers for m in models.get(key, ()) if len(models[key]) > 1
    }

    association = AssociationDomain()
    Interpreter(association, structure).run(block, frozenset(), NOWHERE)
    gradients = GradientDomain(
        optimizers=optimizers,
        model_keys=model_keys,
        models=models,
        association=association.association,
        forward=forward_assignments(events, models, builder.index.helper_names),
        structure=structure,
    )
    correlated = Correlated(gradients, repeated_flags(block))
    Interpreter(correlated, structure).run(block, correlated.start(gradients.initial()), NOWHERE)
    loops = tuple(training_loops(block, structure))
    outside = [e for e in outside_loops(block, structure)]
    return RootFacts(
        root=root,
        block=block,
        events=events,
        before=gradients.before,
        where=gradients.where,
        fed={e.id: frozenset(gradients.fed_by(e)) for e in events},
        optimizers=optimizers,
        is_step_body=any(isinstance(e, Backward) for e in outside) and any(isinstance(e, Step) for e in outside),
        training_loops=loops,
        models=models,
    )


def loss_name(backward: Backward) -> str | None:
    """What holds the loss: `loss` in `(loss / n).backward()`, `self.loss` in `self.loss.backward()`."""
    node = backward.loss
    while node is not None and not isinstance(node, (cst.Name, cst.Attribute)):
        if isinstance(node, cst.BinaryOperation):
            node = node.left
        elif isinstance(node, cst.Subscript):
            node = node.value
        elif isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute):
            node = node.func.value
        else:
            return None
    return code_of(node) if node is not None else None


MODEL_WORDS = re.compile(r"model|net|encoder|decoder|generator|discriminator|critic|backbone|policy|actor|agent|qf|module", re.I)
DATA_WORDS = re.compile(
    r"^(get|load|make|read|fetch|prepare|sample|next|iter|len|range|list|dict|tuple|zip|enumerate|move|pad|crop|resize)"
    r"|batch|data|device|collate|transform|augment|process|convert|normali[sz]e|random|noise",
    re.I,
)
SOURCE_DEPTH = 4


def forward_assignments(
    events: tuple[Event, ...], models: Mapping[str, frozenset[str]], helpers: frozenset[str]
) -> frozenset[int]:
    """The assignments that run the forward pass: they feed the loss and call a model.

    `kl_loss = 0.0` feeds the loss but runs nothing; `batch = get_batch()` calls no model.
    """
    assigns = [e for e in events if isinstance(e, Assign)]
    feeds = {(e.scope, name) for e in events if isinstance(e, Backward) for name in [loss_name(e)] if name}
    for _ in range(SOURCE_DEPTH):
        feeds |= {(a.scope, use) for a in assigns if any((a.scope, n) in feeds for n in a.names) for use in a.uses}
    known = {m for group in models.values() for m in group} | {e.target.key for e in events if isinstance(e, Clear) and e.target.kind == "model"}
    return frozenset(
        a.id
        for a in assigns
        if any((a.scope, n) in feeds for n in a.names) and any(calls_model(c, known, helpers) for c in a.callees)
    )


def calls_model(callee: str, known_models: set, helpers: frozenset[str]) -> bool:
    """`model(x)`, `agent.get_action(x)`, `self.layer(x)`, `criterion(out, y)`; not `torch.randn()`, `get_batch()`."""
    parts = callee.split(".")
    own = len(parts) == 1 or (len(parts) == 2 and parts[0] == "self")  # `criterion(...)`, `self.layer(...)`
    if parts[-1] in {"forward", "__call__"}:
        return True
    if parts[-1][:1].isupper() or (len(parts) == 1 and parts[0] in helpers):
        return False  # building a model is not running it; a plain function of this file is a helper
    if callee in known_models or parts[0] in known_models or ".".join(parts[:-1]) in known_models:
        return True
    owner = parts[1] if parts[0] == "self" and len(parts) > 1 else parts[0]
    if MODEL_WORDS.search(parts[-1]) or (len(parts) > 1 and MODEL_WORDS.search(owner)):
        return True
    return own and parts[-1][:1].islower() and not DATA_WORDS.search(parts[-1])


def runs_model(callee: str, known_models: set) -> bool:
    """Stricter than `calls_model`: the object called is visibly a model (`model(x)`, `self.encoder(x)`,
    `policy.evaluate(s)`, a model an optimizer is built from), not any function of the file."""
    parts = callee.split(".")
    if callee in known_models or ".".join(parts[:-1]) in known_models or parts[-1] in {"forward", "__call__"}:
        return True
    if parts[-1][:1].isupper():
        return False  # building a model (or a `torch.Generator`) is not running one
    return any(MODEL_WORDS.search(part) for part in (parts[1:] if parts[0] == "self" else parts))


def walk(node: Node) -> Iterator[Node]:
    yield node
    if not isinstance(node, Event):
        for child in children(node):
            yield from walk(child)


def training_loops(node: Node, structure: Structure) -> Iterator[Loop]:
    if isinstance(node, Loop) and structure.is_training_loop(node):
        yield node
    if not isinstance(node, Event):
        for child in children(node):
            yield from training_loops(child, structure)


def outside_loops(node: Node, structure: Structure) -> Iterator[Event]:
    """Events not inside a training loop."""
    if isinstance(node, Event):
        yield node
    elif not (isinstance(node, Loop) and structure.is_training_loop(node)):
        for child in children(node):
            yield from outside_loops(child, structure)
