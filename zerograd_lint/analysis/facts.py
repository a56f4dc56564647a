"""Everything the rules may ask about a file, computed once: the facts.

For every function (and the module body) with a backward and a step, the
lifecycle IR is interpreted twice: once to learn which optimizer each
backward and clip feeds, once to learn what the gradients hold before every
event. Rules only read these facts; they never walk the tree.
"""

from __future__ import annotations

import ast
import builtins
import os
import re
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Callable, ClassVar, Iterable, Iterator, Mapping, Optional, Protocol, TypeVar

import libcst as cst

from zerograd_lint.analysis.held import Held
from zerograd_lint.analysis.interpret.flow import Correlated, CorrelationPlan, Interpreter, Unsettled
from zerograd_lint.analysis.interpret.grad_none import NoneEvidence, ReadFacts, analyse_reads, evidence_for
from zerograd_lint.analysis.interpret.gradients import (
    ACCUMULATION_GUARDS,
    MODEL_PREFIX,
    AssociationDomain,
    GradientDomain,
    GradState,
    clear_coverage,
    members,
    related,
)
from zerograd_lint.analysis.interpret.kept_values import KeptValue, Slot, kept_values, only_reported, slot
from zerograd_lint.analysis.interpret.locations import Where, locate
from zerograd_lint.analysis.interpret.registered_keys import keyed_reads
from zerograd_lint.analysis.interpret.schedules import early_scheduler_steps, fast_forwards_on_a_fresh_run
from zerograd_lint.analysis.ir import state_events
from zerograd_lint.analysis.ir.builder import Builder, entries_read
from zerograd_lint.analysis.ir.file_scope import for_one_file
from zerograd_lint.analysis.ir.index import Container, ModuleIndex, is_super_call, return_values, statements_of
from zerograd_lint.analysis.ir.inlining import Bindings
from zerograd_lint.analysis.ir.model_calls import runs_known_model
from zerograd_lint.analysis.ir.names import assigned_names, code_of, dotted_name, entry_name, last_name
from zerograd_lint.analysis.ir.nodes import (
    Accumulate,
    Assign,
    Backward,
    Block,
    Branch,
    Clear,
    Coverage,
    Event,
    Guard,
    Inlined,
    Jump,
    Loop,
    Node,
    OptimizerBuilt,
    Put,
    Rebind,
    SchedulerStep,
    Step,
    Unscale,
    children,
    events_in,
)
from zerograd_lint.analysis.ir.returned_graphs import returns_its_own_graph
from zerograd_lint.analysis.ir.roles import Resolver, mapping_entries, tuple_elements, unwrapped_module
from zerograd_lint.analysis.ir.spelling import Namespace
from zerograd_lint.analysis.ir.structure import Structure
from zerograd_lint.analysis.ir.summaries import LIGHTNING_MODULE_METHODS
from zerograd_lint.analysis.ir.vocabulary import (
    GRAPH_CUTTING_METHODS, GRAPHLESS_ATTRIBUTES, MODULE_METHODS, MODULE_PART_METHODS, NEW_TENSOR_METHODS, SAME_TENSOR_METHODS, TENSOR_CLASSES,
    TENSOR_FACTORIES, VARIABLE_WRAPPERS,
)
from zerograd_lint.analysis.ir.visiting import nodes_of, visit
from zerograd_lint.analysis.module_source import ModuleSource
from zerograd_lint.analysis.outline import top_level_bindings
from zerograd_lint.analysis.positions import Loops, Positions
from zerograd_lint.analysis.project import Project
from zerograd_lint.analysis.questions.grad_reads import GradRead, GradReads, find_grad_reads, writes_grads
from zerograd_lint.analysis.questions.fresh_models import fresh_models, reaches
from zerograd_lint.analysis.questions.handed_values import returns_only_handed
from zerograd_lint.analysis.questions.losses import Helpers
from zerograd_lint.analysis.questions.rebuilt_optimizers import recreated_optimizers
from zerograd_lint.analysis.questions.summed_losses import summed_loss_with_grad
from zerograd_lint.analysis.questions.uncalled import Uncalled, find_uncalled

Result = TypeVar("Result")
# Gradients normalised by hand (`scale_grads(model, 1 / num_tokens)`,
# `multiply_grads`, `p.grad /= n`): the loss need not be divided by the number of micro-batches. A gradient divided by
# a loss scale (`p.grad.mul_(1.0 / (2 ** self.lg_loss_scale))`, mixed precision by hand) undoes that scale only.
# Each pattern starts with a word, which `re` finds fast: as one pattern, its alternatives tried at every character, it
# cost 10 ms of torch's distributed_test.py (a ninth of it now).
UNLESS_A_LOSS_SCALE = r"(?![^)\n]*(loss_scale|inv_scale|get_scale))"
GRADIENTS_DIVIDED = re.compile(rf"\.grad(?:\.data)?(?:\s*(?:/=|\*=)|\.(?:div_|mul_)\(){UNLESS_A_LOSS_SCALE}")
GRADIENTS_CALLED = re.compile(r"grad(?:s|ients)?\s*\(")
# What comes right before `grad` in a call that normalises gradients (`scale_grads(`), at most `NORMALISING_LETTERS` long.
NORMALISING = re.compile(r"(?:scale|multiply|mul|div|divide|normali[sz]e|rescale)_?\Z")
NORMALISING_LETTERS = len("normalise_")
# A file that switches gradients off for some parameters (GAN trainers freezing the discriminator) can
# keep one loss out of another model's gradients in ways the data flow does not see.
FREEZES_PARAMETERS = re.compile(r"requires_grad_\s*\(|\.requires_grad\s*=|set_requires_grad|toggle_optimizer|freeze")


@dataclass(frozen=True)
class RootFacts:
    """The lifecycle of one function (or the module body), helpers inlined."""

    root: Container
    block: Block
    events: tuple[Event, ...]
    before: Mapping[int, GradState]  # event id -> what the gradients may hold just before it
    where: Mapping[int, Where]  # reached event id -> where it sits
    fed: Mapping[int, frozenset[str]]  # backward/clip id -> the optimizers it feeds
    optimizers: frozenset[str]
    is_step_body: bool  # backward and step outside any training loop
    training_loops: tuple[Loop, ...]
    models: Mapping[str, frozenset[str]]  # optimizer -> the one model it is visibly built from
    derived: Mapping[str, frozenset[str]]  # optimizer -> the optimizers handed to the call that built it
    containers: Mapping[str, frozenset[str]]  # a container of optimizers' element -> the optimizers it visibly holds
    built_from: Mapping[str, frozenset[str] | None]  # a model -> what its one visible construction's arguments read
    calls: Mapping[int, tuple[Inlined, ...]]  # event id -> the inlined helper calls it sits in, outermost first
    structure: Structure
    forwards: Mapping[int, frozenset[int]] = field(default_factory=dict)  # backward id -> the forward passes of its loss
    written: Mapping[int, frozenset[str]] = field(default_factory=dict)  # backward id -> the optimizers whose model its loss runs through
    instance_of: str | None = None  # a base class's method checked for this subclass of the file (its `self`)
    namespaces: Mapping[Event | Loop, Namespace] = field(default_factory=dict)  # what the code of each event and loop sees
    trusted_before: Mapping[int, GradState] | None = None  # `before` on the valuations that are no guess (`Recorded`)
    index_of: Callable[[Container], ModuleIndex] | None = None  # the index of the module a function is written in
    # The cached answers that read neither `before` nor `where`: the trusted view shares those already computed.
    PATH_FREE: ClassVar[tuple[str, ...]] = (
        "by_id", "inlined_functions", "order", "bailing_out", "around", "early_scheduler_steps", "recreated_optimizers",
        "kept_values", "fast_forwards_on_a_fresh_run",
    )

    def trusted(self) -> RootFacts:
        """These facts as the paths that rest on no guess show them (`flow.Doubt`); themselves where none does."""
        if self.trusted_before is None:
            return self
        where = {event_id: self.where[event_id] for event_id in self.trusted_before}
        view = replace(self, before=self.trusted_before, where=where, trusted_before=None)
        view.__dict__.update((name, self.__dict__[name]) for name in self.PATH_FREE if name in self.__dict__)
        return view

    def spelled(self, key: str, at: Event | Loop) -> str | None:
        """How the code at `at` writes the object keyed `key` (keys are the outermost caller's spelling): a step's
        own expression for its optimizer, the target of a loop around over its collection, the parameter a caller's
        argument is bound to there, a closure's free name, or the key where it means the same object there; None
        where no name there is bound to it (an element of a container of optimizers, `containers`, is never named
        as its container)."""
        namespace = self.namespaces.get(at)
        written = at.written if isinstance(at, Step) and key == at.optimizer else None
        return namespace.spelling(key, written, key in self.containers) if namespace is not None else None

    def translated(self, expression: str, written_at: Event, read_at: Event | Loop) -> str | None:
        """An expression written in the code of `written_at` (a guard's count, a clear), as the code of `read_at`
        writes it (a helper's parameter for it); None where one of its names has no name there."""
        here, there = self.namespaces.get(written_at), self.namespaces.get(read_at)
        if here is None or there is None:
            return None
        return expression if here.same_code(there) else here.translated(expression, there)

    def coverage(self, clear: Clear, key: str) -> Coverage:
        return clear_coverage(clear, key, self.optimizers, self.models, self.derived, self.containers, self.built_from)

    @cached_property
    def by_id(self) -> dict[int, Event]:
        return {e.id: e for e in self.events}

    @cached_property
    def inlined_functions(self) -> dict[int, cst.FunctionDef | None]:
        """`id` of each call the IR inlined -> the function inlined for it (None: several, a table's choice)."""
        found: dict[int, cst.FunctionDef | None] = {}
        for node in walk(self.block):
            if isinstance(node, Inlined) and isinstance(node.function, cst.FunctionDef):
                found[id(node.call)] = node.function if found.get(id(node.call), node.function) is node.function else None
        return found

    def inlined_function(self, call: cst.CSTNode) -> cst.FunctionDef | None:
        """The function the IR inlined for this call (an override of the subclass the root is checked for), if one."""
        return self.inlined_functions.get(id(call))

    def in_region(self, event: Event) -> bool:
        """Whether the order rules apply: inside a training loop, or in a step body."""
        where = self.where.get(event.id)
        return where is not None and (where.loop is not None or self.is_step_body)

    def reached(self, event: Event) -> bool:
        return event.id in self.before

    def loop_of(self, event: Event) -> Loop | None:
        where = self.where.get(event.id)
        return where.loop if where else None

    @cached_property
    def events_by_loop(self) -> dict[Loop | None, list[Event]]:
        """The events of each training loop, in order (None: those outside any, or not reached).

        A rule asking about an event looks through its loop, not through the
        whole function: the module of a file of many small loops has them all.
        """
        grouped: dict[Loop | None, list[Event]] = {}
        for event in self.events:
            grouped.setdefault(self.loop_of(event), []).append(event)
        return grouped

    @cached_property
    def order(self) -> dict[int, int]:
        """Each event's place in `events`, by id."""
        return {event.id: position for position, event in enumerate(self.events)}

    def later_in_loop(self, event: Event) -> list[Event]:
        """The events after `event` in its training loop."""
        events = self.events_by_loop[self.loop_of(event)]
        return events[events.index(event) + 1 :]

    @cached_property
    def bailing_out(self) -> frozenset[int]:
        """Events of blocks that end in `continue`, `break` or `return` with no backward: `if bad: opt.zero_grad(); continue`."""
        found: set[int] = set()
        for node in walk(self.block):
            if isinstance(node, Block) and any(isinstance(item, Jump) for item in node.items):
                events = list(events_in(node))
                if not any(isinstance(e, Backward) for e in events):
                    found.update(e.id for e in events)
        return frozenset(found)

    @cached_property
    def around(self) -> dict[int, tuple[Node, ...]]:
        """Each event with the nodes around it (blocks, branches, loops, `try` statements), outermost first."""
        return dict(ancestors(self.block))

    def every_iteration(self, event: Event) -> bool:
        """No test that can change between iterations decides whether the event runs (inner loops aside), nor an
        exception: an `except` handler runs only in an iteration whose `try` body raised."""
        where = self.where.get(event.id)
        if where is not None and where.caught:
            return False
        if where is None or where.loop is None or where.guard_branch is None or where.guard is not Guard.OTHER:
            return True
        return self.structure.invariant(where.guard_branch, where.loop)

    def same_pass(self, first: Event, second: Event) -> bool:
        """Not in two different calls of one helper: `run(SGD); run(Adam)` are two calls, not two iterations."""
        return not any(
            mine is not theirs and mine.function is theirs.function
            for mine in self.calls.get(first.id, ()) for theirs in self.calls.get(second.id, ())
        )

    def apart(self, first: Event, second: Event) -> bool:
        """In the two arms of one test (`if`/`else`, `elif`): one pass runs at most one of them, so the second never
        follows the first in the same iteration (a REINFORCE arm's step and a gradient arm's backward)."""
        mine, theirs = self.around.get(first.id, ()), self.around.get(second.id, ())
        for depth, (a, b) in enumerate(zip(mine, theirs)):
            if a is not b:
                return depth > 0 and isinstance(mine[depth - 1], Branch)
        return False

    # What the gradients may hold, asked in words (`analysis/held.py`): the rules never read the lattice.

    def held(self, event: Event, key: str) -> Held:
        """What the gradients of an optimizer (or of a key from `tracked`) may hold just before the event."""
        return Held(self.before.get(event.id, {}).get(key, frozenset()), self.by_id)

    def held_by(self, event: Event, keys: Iterable[str]) -> Held:
        """What the gradients of any of those optimizers (or keys from `tracked`) may hold just before the event."""
        gradients = self.before.get(event.id, {})
        return Held(frozenset(c for key in keys for c in gradients.get(key, frozenset())), self.by_id)

    def held_by_model(self, event: Event, model: str) -> Held:
        """What the gradients of a model (one of several an optimizer is built from, or one cleared with no
        visible optimizer) may hold just before the event."""
        return self.held(event, MODEL_PREFIX + model)

    def follows_model(self, event: Event, model: str) -> bool:
        """Whether the gradients of that model are followed on their own up to the event (see `held_by_model`)."""
        return MODEL_PREFIX + model in self.before.get(event.id, {})

    def tracked(self, event: Event) -> list[str]:
        """The gradients followed up to the event, sorted: each optimizer's name, and a key for each model
        followed on its own (see `held_by_model`), for `held` and `coverage`."""
        return sorted(self.before.get(event.id, {}))

    def gradients_before(self, event: Event) -> list[tuple[str, Held]]:
        """Each optimizer, then each model followed on its own, by name, with what its gradients may hold
        just before the event."""
        keys = self.tracked(event)
        optimizers = [(key, self.held(event, key)) for key in sorted(self.optimizers) if key in keys]
        models = [(key[len(MODEL_PREFIX):], self.held(event, key)) for key in keys if key.startswith(MODEL_PREFIX)]
        return optimizers + models

    def forward_outputs(self, backward: Backward) -> frozenset[str]:
        """The names the backward's own function binds to its loss's forward passes alone (`pred, true =
        model(batch)`): what the model predicted, wherever that function reads them."""
        forwards = [self.by_id.get(i) for i in self.forwards.get(backward.id, ())]
        values = {id(f.node.value) for f in forwards if isinstance(f, Assign) and f.scope is backward.scope and isinstance(f.node, cst.Assign)}
        scope = backward.scope
        bound = Bindings(statements_of(scope.body) if isinstance(scope, cst.FunctionDef) else getattr(scope, "body", ()))
        only: dict[str, bool] = {}
        for target, value in bound.values:
            for name in assigned_names(target):
                only[code_of(name)] = only.get(code_of(name), True) and id(value) in values
        return frozenset(name for name, alone in only.items() if alone and name not in bound.opaque)

    def construction_argument(self, key: str, at: Event | Loop) -> str | None:
        """The key of what an instance's construction handed the `__init__` parameter its attribute `key` is bound to
        (`Resolver.handed_to_init`), read where `at` is: `accumulation` for `amp_optimizer.r_accu` of `amp_optimizer =
        AmpOptimizer(..., n_gradient_accumulation=accumulation)`, whose class binds `self.r_accu` once, in `__init__`,
        to that parameter. None for anything else."""
        instance, _, attribute = key.rpartition(".")
        namespace = self.namespaces.get(at)
        handed = namespace.resolver.handed_to_init(instance, attribute) if instance and namespace is not None else None
        if handed is None:
            return None
        resolver, argument = handed
        return resolver.canonical(argument)

    def under_accumulation_guard(self, event: Event) -> bool:
        """The event runs under an accumulation guard: a counter test, or Accelerate's `accumulate()`."""
        where = self.where.get(event.id)
        return where is not None and where.guard in ACCUMULATION_GUARDS

    def accumulated_by_an_inner_loop(self, backward: Event, step: Event) -> bool:
        """The backward runs in a training loop nested in the step's loop, which the step follows: its earlier
        iterations are micro-batches of the step's iteration (RULES.md's accumulation by an inner loop), so a step
        after that loop applies what they left (`if batch_counter > 0: optimizer.step()` for the last, incomplete
        batch), not an earlier iteration of its own loop."""
        inner, outer = self.loop_of(backward), self.loop_of(step)
        return inner is not None and outer is not None and inner is not outer and outer in self.around.get(backward.id, ())

    def stepped_by(self, step: Step) -> list[str]:
        """The optimizers a step applies: its own, then, for `for opt in optimizers: opt.step()`, each element of the
        container that the function names or the container visibly holds."""
        return members(step.optimizer, self.optimizers, self.containers)

    def runs_before_its_backward(self, step: Step, optimizer: str | None = None) -> bool:
        """The step comes first in its iteration: no backward of this iteration reached it, one follows (for one of
        the optimizers it steps, `optimizer`: its own by default)."""
        return self.backward_after(step, optimizer) is not None

    def backward_after(self, step: Step, optimizer: str | None = None) -> Backward | None:
        """The backward of the step's iteration that comes after it and produces its gradients (those of `optimizer`,
        one it steps: its own by default), when none reached it: one that feeds it, or whose loss visibly runs
        through its model (a generator's loss through the discriminator, whose step comes next, still writes the
        generator's gradients) unless its own backward ran and was cleared."""
        optimizer = optimizer or step.optimizer
        held = self.held(step, optimizer)
        if held.this_iteration():
            return None
        discarded = held.discarded()
        return next(
            (
                e for e in self.later_in_loop(step)
                if isinstance(e, Backward) and self.same_pass(step, e) and not self.apart(step, e) and (
                    optimizer in self.fed[e.id] or (not discarded and optimizer in self.written.get(e.id, ()))
                )
            ),
            None,
        )

    # The state rules' facts (ZG204, ZG601, ZG602), computed when a rule first asks.

    @cached_property
    def early_scheduler_steps(self) -> list[tuple[SchedulerStep, Step]]:
        return early_scheduler_steps(self.block, self.events, self.root, self.namespaces)

    @cached_property
    def fast_forwards_on_a_fresh_run(self) -> frozenset[int]:
        return fast_forwards_on_a_fresh_run(self.block)

    @cached_property
    def recreated_optimizers(self) -> list[tuple[OptimizerBuilt, Loop, Step]]:
        return list(recreated_optimizers(self.block, Structure()))

    @cached_property
    def kept_values(self) -> list[KeptValue]:
        if not any(isinstance(e, Accumulate) and not e.no_grad for e in self.events):
            return []
        known = {m for group in self.models.values() for m in group}
        known |= {e.target.key for e in self.events if isinstance(e, Clear) and e.target.kind == "model"}
        # A method checked for a subclass may see more registered names than its class's own `__init__` shows.
        keyed = keyed_reads(self.block, self.root, self.index_of) if self.index_of and self.instance_of is None else {}
        forwards = resolved_forwards(self.events, self.namespaces, known)
        return list(kept_values(
            self.block, self.events, Structure(), lambda callee: runs_model(callee, known), self.root, keyed, forwards
        ))


@dataclass(frozen=True, eq=False)
class FileFacts:
    module: cst.Module | None  # None when no rule needs LibCST (only `.grad` reads to check)
    roots: tuple[RootFacts, ...]
    grad_reads: tuple[GradRead, ...]  # unguarded `.grad` dereferences of parameters
    uncalled: tuple[Uncalled, ...]
    helpers: frozenset[str]  # names of the functions and methods defined in the file
    normalised_elsewhere: bool  # a loss built with reduction="sum", or gradients scaled by hand before the step
    positions: Positions | None = None  # resolved on the first report in each analysed function
    read_roots: tuple[ReadFacts, ...] = ()  # the paths that reach the reads, where the file can show a None
    read_names: Mapping[int, tuple[str, ...]] = field(default_factory=dict)  # see GradRead.ordinal
    # What the reads' evidence asks of the file: its module classes, whether it assigns `.grad` by hand somewhere
    reads: GradReads = field(default_factory=GradReads)
    # Functions (or "the module") left out: a loop in them did not settle (see flow.Unsettled).
    unsettled: tuple[str, ...] = ()
    # The other modules of the project whose functions the analysis followed: (path, their positions).
    elsewhere: tuple[tuple[str, Positions], ...] = ()
    file_name: str = ""  # the checked file's, for words that name places in several files
    # The project the facts were read in: its modules and their trees live as long as the facts (no cycle holds them).
    project: Project | None = None

    def trusted(self) -> FileFacts:
        """The facts as the paths that rest on no guess show them (`flow.Doubt`); themselves where none does: a
        report is made only where the rules make it from both (`engine.rule_reports`)."""
        roots = tuple(root.trusted() for root in self.roots)
        read_roots = tuple(root.trusted() for root in self.read_roots)
        if all(a is b for a, b in zip(roots + read_roots, self.roots + self.read_roots)):
            return self
        view = replace(self, roots=roots, read_roots=read_roots)
        view.__dict__.update((name, self.__dict__[name]) for name in self.PATH_FREE if name in self.__dict__)
        return view

    PATH_FREE: ClassVar[tuple[str, ...]] = ("loops", "several_modules")  # as RootFacts.PATH_FREE

    @cached_property
    def none_evidence(self) -> Mapping[tuple[int, int], NoneEvidence]:
        """(line, column) of a read -> why `.grad` can be None there (ZG301); reads not here are ZG302's."""
        by_ordinal = {(r.container, r.ordinal): r for r in self.grad_reads}
        by_position = {(r.line, r.column): r for r in self.grad_reads}
        found: dict[tuple[int, int], NoneEvidence] = {}
        for root in self.read_roots:
            for access in root.reads():
                if self.path_of(access.node) is not None:
                    continue  # another module's read (`reads_elsewhere`)
                if root.names.get(access.container) == self.read_names.get(access.container):
                    read = by_ordinal.get((access.container, access.ordinal))
                else:  # the two parsers counted differently: ask LibCST for positions (a full code generation)
                    read = by_position.get(self.span(access.node)[:2])
                if read is None or read.zipped or (read.line, read.column) in found:
                    continue
                evidence = evidence_for(root, access, read.grad_required, lambda: self.reads.classes, lambda: self.reads.writes_grads)
                if evidence is not None:
                    found[(read.line, read.column)] = evidence
        return found

    @cached_property
    def reads_elsewhere(self) -> tuple[tuple[str, GradRead, NoneEvidence], ...]:
        """The unguarded `.grad` reads of the defs of other modules that this file's code runs, where its paths show
        the read a None (ZG301, on that module's line): each with that module's path and the evidence."""
        found: dict[tuple[str, int, int], tuple[str, GradRead, NoneEvidence]] = {}
        unguarded: dict[str, dict[tuple[int, int], GradRead]] = {}  # a module's path -> its unguarded reads, by place
        for root in self.read_roots:
            if root.own_only:
                continue
            for access in root.reads():
                path = self.path_of(access.node)
                module = self.project.module_at(path) if path is not None and self.project is not None else None
                if path is None or module is None or module.whole is None:
                    continue
                if path not in unguarded:
                    unguarded[path] = {(read.line, read.column): read for read in find_grad_reads(module.whole, module.source.source)[0]}
                read = unguarded[path].get(self.span(access.node)[:2])
                if read is None or read.zipped or (path, read.line, read.column) in found:
                    continue
                whole = module.whole
                evidence = evidence_for(root, access, read.grad_required, dict, lambda: self.reads.writes_grads or writes_grads(whole))
                if evidence is not None and evidence.event is not None:
                    found[(path, read.line, read.column)] = (path, read, evidence)  # type: ignore[index]
        return tuple(found.values())

    def only_reported(self, kept: KeptValue) -> bool:
        """The kept value's accumulator is only printed or logged besides (a number would do as well)."""
        assert self.module is not None
        accumulation = kept.accumulation
        return only_reported(self.module, accumulation.scope, accumulation.target, accumulation.node)

    @cached_property
    def loops(self) -> Loops:
        """Every loop of the file, to find the one around a node (for a report's words)."""
        assert self.module is not None and self.positions is not None
        return Loops(self.module, self.positions)

    def loop_around(self, node: cst.CSTNode) -> cst.For | cst.While | None:
        """The innermost `for` or `while` whose body holds the node, in the module the node is written in (an event
        of another module's function the analysis followed is no node of this file's)."""
        positions = self.positions_of(node)
        return (self.loops if positions is self.positions else Loops(positions.module, positions)).around(node)

    def span(self, node: cst.CSTNode) -> tuple[int, int, int, int]:
        """1-based line and column of the start, and the end, of a node (in the module it is written in)."""
        where = self.positions_of(node)[node]
        return where.start.line, where.start.column + 1, where.end.line, where.end.column + 1

    def line(self, node: cst.CSTNode) -> int:
        return self.positions_of(node).line(node)

    def path_of(self, node: cst.CSTNode) -> str | None:
        """The file of another module of the project that the node is written in; None for the checked file."""
        return next((path for path, positions in self.elsewhere if positions.covers(node)), None)

    def place(self, node: cst.CSTNode) -> str:
        """`line 12`, or `line 12 of engine.py` when events come from several modules."""
        if not self.several_modules:
            return f"line {self.line(node)}"
        path = self.path_of(node)
        return f"line {self.line(node)} of `{os.path.basename(path or self.file_name)}`"

    @cached_property
    def several_modules(self) -> bool:
        """Some function analysed, or an event, comes from another module of the project (a report's words then say
        which file each line is in)."""
        return bool(self.elsewhere) and any(
            self.path_of(node) for root in self.roots
            for node in (root.root, *(e.node for e in root.events if not isinstance(e, (Assign, Rebind))))
        )

    def instance_of(self, node: cst.CSTNode) -> str | None:
        """The subclass for which a base class's method was checked, when the event at `node` was found so."""
        return next((r.instance_of for r in self.roots if r.instance_of and any(e.node is node for e in r.events)), None)

    def entry(self, node: cst.CSTNode) -> tuple[int, int, int, int] | None:
        """The span of the call in the checked file through which the analysis reached `node`, an event's node in
        another module (for doors that can only report in the checked file); None when there is none."""
        for root in self.roots:
            for event in root.events:
                if event.node is node:
                    call = next((c.call for c in root.calls.get(event.id, ()) if self.path_of(c.function) is not None), None)
                    if call is not None and self.path_of(call) is None:
                        return self.span(call)
        return None

    def positions_of(self, node: cst.CSTNode) -> Positions:
        found = next((positions for _, positions in self.elsewhere if positions.covers(node)), None)
        assert self.positions is not None
        return found or self.positions

    def helpers_at(self, node: cst.CSTNode, root: RootFacts, calls: tuple[Inlined, ...] = ()) -> Helpers:
        """Where a call written at the node, in the root's code, finds the functions it names: the function the IR
        inlined for it (a subclass's override), else the defs of its module and those of the other modules of the
        project that module imports; and, the node reached through the inlined `calls` (outermost first), what each
        of those calls hands the parameters of the function it inlined."""
        module, names = self.written_in(node)
        home = self.project.module_at(self.path_of(node) or self.file_name) if self.project is not None else None

        def inlined(call: cst.CSTNode) -> tuple[cst.FunctionDef, Helpers] | None:
            function = root.inlined_function(call)
            return (function, self.helpers_at(function, root)) if function is not None else None

        def handed(function: cst.CSTNode, parameter: str) -> tuple[cst.BaseExpression, cst.CSTNode, Helpers] | None:
            """The argument the call that inlined `function` binds its parameter to, as that call writes it, with the
            function (or module) the call is written in and where that code finds its helpers."""
            found = handed_argument(calls, function, parameter, root.root)
            if found is None:
                return None
            argument, caller, depth = found
            return argument, caller, self.helpers_at(argument, root, calls[:depth])

        return Helpers(module, names, home, inlined, handed)

    def normalised_at(self, node: cst.CSTNode) -> bool:
        """Losses summed on purpose or gradients normalised by hand, as the checked file's text says or that of the
        module the node is written in (another module, whose loop the analysis followed from the checked file)."""
        if self.normalised_elsewhere:
            return True
        path = self.path_of(node)
        home = self.project.module_at(path) if path is not None and self.project is not None else None
        return home is not None and clues_of(home.source.source, lambda: home.whole).normalised_elsewhere

    def written_in(self, node: cst.CSTNode) -> tuple[cst.Module | None, frozenset[str]]:
        """The module a node is written in (the checked file's, or another module's that the analysis followed) and
        the names of the functions defined there: where a call of that code finds the helpers it names."""
        found = next((positions for _, positions in self.elsewhere if positions.covers(node)), None)
        if found is None:
            return self.module, self.helpers
        return found.module, frozenset(f.name.value for f in nodes_of(found.module, cst.FunctionDef))


@dataclass(frozen=True)
class Clues:
    """What the file's text says anywhere, which every function analysed is judged with."""

    normalised_elsewhere: bool  # losses summed on purpose, or gradients normalised by hand
    freezes: bool  # gradients switched off for some parameters


def clues_of(source: str, tree: Callable[[], ast.Module | None]) -> Clues:
    """The clues of a file's text; `tree`: its CPython tree (None when unknown), asked only where the text needs it."""
    return Clues(normalised_elsewhere(source, tree), FREEZES_PARAMETERS.search(source) is not None)


def normalised_elsewhere(source: str, tree: Callable[[], ast.Module | None]) -> bool:
    """The text sums a loss on purpose where it can be given to a backward (`reduction="sum"`, see
    `summed_losses`) or normalises gradients by hand (`p.grad /= n`, `scale_grads(model, 1 / num_tokens)`,
    `multiply_grads`)."""
    return (
        summed_loss_with_grad(source, tree) or GRADIENTS_DIVIDED.search(source) is not None
        or any(NORMALISING.search(source, max(0, call.start() - NORMALISING_LETTERS), call.start()) for call in GRADIENTS_CALLED.finditer(source))
    )


class Screened(Protocol):
    """What the gate's screen found a file needs (`core/gate.py`'s `Needs`): the analyses to run, and where."""

    roots: tuple[bool, ...] | None  # per analysis root (the module, then every def): does the lifecycle start there?

    @property
    def lifecycle(self) -> bool: ...

    @property
    def uncalled(self) -> bool: ...

    def roots_reading(self, lines: frozenset[int]) -> tuple[bool, ...]: ...


def build_facts(
    tree: ast.Module, clues: Clues, module: cst.Module | None, needs: Screened, reads: GradReads, project: Project | None = None,
    checked: ModuleSource | None = None,
) -> FileFacts:
    """The facts of a file; `needs` skips the analyses no rule can report on.

    `tree` is CPython's AST of the file, `module` LibCST's (needed for `needs.needs_libcst` and `reads.need_flow`);
    `reads` the file's unguarded `.grad` reads (see `engine.analyse`); `project` the modules of its project, which
    calls are followed into, `checked` the file as one of them.
    """
    index = ModuleIndex(module, top_level_bindings(tree.body, checked.package if checked is not None else "")) if module is not None else None
    if index is not None and project is not None and checked is not None:
        project.attach(checked, tree, index)
    roots: tuple[RootFacts, ...] = ()
    analysed: list[Container] = []  # where the reports will be, for `positions`
    unsettled: list[str] = []
    elsewhere: tuple[tuple[str, Positions], ...] = ()
    reading_elsewhere: set[Container] = set()  # roots calling a def of another module that reads `.grad`
    if index is not None and needs.lifecycle:
        builder = Builder(index)
        blocks, inlined = built_roots(index, builder, needs.roots)
        for root in blocks:
            builder.analysed_root(root)
        freezes = clues.freezes
        roots = tuple(filter(None, (settled(unsettled, root, analyse_root, root, block, builder, freezes) for root, block in blocks.items())))
        wanted = None if needs.roots is None else {r for r, keep in zip(index.roots, needs.roots) if keep}
        for method, home, cls, mro in inherited_roots(index, wanted):
            builder.homes.setdefault(method, home)
            block = builder.build(method, mro)
            builder.analysed_root(method)
            found = settled(unsettled, method, analyse_root, method, block, builder, freezes, cls.name.value)
            roots += (found,) if found is not None else ()
        analysed += [*blocks, *inlined]
        elsewhere = followed_modules(builder)
        reading_elsewhere = builder.reading_roots & set(index.roots)
    read_roots: tuple[ReadFacts, ...] = ()
    if index is not None and (reads.need_flow or reading_elsewhere):
        reader = Builder(index, reads=True)
        own = needs.roots_reading(frozenset(read.line for read in reads.found)) if reads.need_flow else (False,) * len(index.roots)
        wanted = tuple(reading or root in reading_elsewhere for reading, root in zip(own, index.roots)) if len(own) == len(index.roots) else None
        blocks, inlined = built_roots(index, reader, wanted)
        for root in blocks:
            reader.analysed_root(root)
        read_roots = tuple(
            filter(None, (
                settled(unsettled, root, analyse_reads, block, reader.models_seen_by(root), reader.grad_names, run_by_a_base(index, root))
                for root, block in blocks.items()
            ))
        )
        read_roots += tuple(inherited_read_roots(index, reader, wanted, unsettled))
        analysed += [*blocks, *inlined]
        elsewhere += followed_modules(reader)
    return FileFacts(
        module,
        roots,
        reads.found,
        tuple(find_uncalled(index)) if index is not None and needs.uncalled else (),
        index.helper_names if index is not None else frozenset(),
        clues.normalised_elsewhere,
        Positions(module, tree, analysed) if module is not None else None,
        read_roots,
        reads.names,
        reads,
        tuple(dict.fromkeys(unsettled)),
        elsewhere,
        checked.path if checked is not None else "",
        project,
    )


def followed_modules(builder: Builder) -> tuple[tuple[str, Positions], ...]:
    """The other modules whose functions the builder inlined, each with the positions of those functions."""
    functions: dict[ModuleIndex, list[cst.FunctionDef]] = {}
    for function, index in builder.homes.items():
        if index is not builder.index and index.project is not None:
            functions.setdefault(index, []).append(function)  # type: ignore[arg-type]
    return tuple(
        (index.project.source.path, Positions(index.module, index.project.whole, found))
        for index, found in functions.items() if index.project is not None
    )


def settled(unsettled: list[str], root: Container, analysis: Callable[..., Result], *arguments: object) -> Result | None:
    """The analysis of one root, or None, its name noted, when a loop in it does not settle: a function left
    out is silent, never reported from a state that is no fixpoint (the engine says which)."""
    try:
        return analysis(*arguments)
    except Unsettled:
        unsettled.append(f"`{root.name.value}`" if isinstance(root, cst.FunctionDef) else "the module's code")
        return None


def built_roots(
    index: ModuleIndex, builder: Builder, wanted: tuple[bool, ...] | None
) -> tuple[dict[Container, Block], set[Container]]:
    """The IR of the roots worth analysing, but for helpers inlined into another of them; and those helpers.

    A root's build reads only what it finds itself (`build_records`), so a root that a root built before it inlines is
    not built unless it turns out to be analysed on its own: the roots are built callers first (`by_callers_first`).
    What such a root would inline counts for nothing: a root only it inlines (deeper than its caller's inlining of it
    follows) is analysed on its own from the start, and so covers the roots it inlines itself."""
    if wanted is not None and len(wanted) != len(index.roots):
        wanted = None
    chosen = [root for position, root in enumerate(index.roots) if wanted is None or wanted[position]]
    inlined_into: dict[Container, set[Container]] = {}
    blocks: dict[Container, Block] = {}

    def build(root: Container) -> None:
        blocks[root] = builder.build(root)
        inlined_into[root] = {node.function for node in walk(blocks[root]) if isinstance(node, Inlined)}

    for root in by_callers_first(chosen):
        if not any(root in found for found in inlined_into.values()):
            build(root)
    inlined = set().union(*inlined_into.values())
    # A helper inlined into a caller of this file is analysed there, where its arguments are known. One that only
    # helpers analysed elsewhere inline (it sits deeper than the analysis follows from their caller, or in a
    # recursion no caller reaches) is a root of its own, so that its own events are still checked.
    kept = {root for root in blocks if root not in inlined}
    covered = set().union(*(inlined_into[root] for root in kept))
    for root in chosen:
        if root not in covered and root not in kept:
            if root not in blocks:
                build(root)
            kept.add(root)
            covered |= inlined_into[root]
    return {root: blocks[root] for root in chosen if root in kept}, covered - kept


def by_callers_first(roots: list[Container]) -> list[Container]:
    """The roots in order, those another of them calls by name (`self.helper(...)`, `helper(...)`) last: built after
    their callers, they are seldom built at all."""
    names = {root: root.name.value for root in roots if isinstance(root, cst.FunctionDef)}
    called = set().union(*(names_called(root) - {names.get(root)} for root in roots))
    return sorted(roots, key=lambda root: names.get(root) in called)


@for_one_file
def names_called(root: Container) -> frozenset[str]:
    """The names a root's code calls, as the last name of each callee (`run` of `self.run(...)`): a function's, or
    the module's code outside its defs and classes."""
    if isinstance(root, cst.FunctionDef):
        code: list[cst.CSTNode] = [root.body]
    else:
        code = [s for s in root.body if not isinstance(s, (cst.FunctionDef, cst.ClassDef))]
    found = set()
    for part in code:
        for call in nodes_of(part, cst.Call):
            func = call.func
            if type(func) is cst.Name:
                found.add(func.value)
            elif type(func) is cst.Attribute:
                found.add(func.attr.value)
    return frozenset(found)


def inherited_roots(
    index: ModuleIndex, wanted: set[Container] | None
) -> Iterator[tuple[cst.FunctionDef, ModuleIndex, cst.ClassDef, tuple[tuple[ModuleIndex, cst.ClassDef], ...]]]:
    """Each method a class of the file inherits (from a base of the file or of the project) whose `self.f()` calls
    reach an override below the class that defines it, directly or through other methods of the bases (`fit()` calling
    the base's `train_minibatch`, which calls the overridden `calc_gradients`): a base-class `fit()` loop, to be
    checked once for this subclass with its own `train_step`; with the index of its module, the subclass, and the
    subclass's classes, nearest first. Only for a class with a method the gate let through (`wanted`; None: every
    one), or one mixing several bases, whose methods may call each other's (a loop mixin's `self._finish_update()`,
    another mixin's: mmf's trainers)."""
    for cls in list(index.classes.values()):
        own = index.methods_of.get(cls, {})
        reaching = frozenset(name for name, method in own.items() if wanted is None or method in wanted)
        if reaching:
            mro = tuple(index.ancestry(cls, reaching))
        elif len(cls.bases) > 1:
            mro = tuple(index.lineage(cls))  # a class mixing bases: one's method may call another's on `self`
        else:
            continue
        resolved: dict[str, tuple[int, cst.FunctionDef]] = {}  # each method name -> where `self.name()` finds it
        for position, (home, base) in reversed(list(enumerate(mro))):
            resolved.update((name, (position, method)) for name, method in home.methods_of.get(base, {}).items())
        for position, (home, base) in enumerate(mro[1:], 1):
            for name, method in home.methods_of.get(base, {}).items():
                if resolved[name][1] is method and reaches_below(method, position, resolved):
                    yield method, home, cls, mro


def inherited_read_roots(
    index: ModuleIndex, reader: Builder, wanted: tuple[bool, ...] | None, unsettled: list[str]
) -> Iterator[ReadFacts]:
    """The reads of the file's overrides as a base's inherited method runs them for the subclass (`inherited_roots`:
    plato's `train_model` loop, then the subclass's `train_run_end` hook): what the base's code leaves in `.grad` is
    what they meet. Only for a class with a method that reads (`wanted`), and only the file's own reads count
    (`ReadFacts.own_only`): the base's are its module's."""
    reading = None if wanted is None else {root for root, keep in zip(index.roots, wanted) if keep}
    for method, home, cls, mro in inherited_roots(index, reading):
        reader.homes.setdefault(method, home)
        block = reader.build(method, mro)
        reader.analysed_root(method)
        found = settled(unsettled, method, analyse_reads, block, reader.models_seen_by(method), reader.grad_names)
        if found is not None:
            yield replace(found, own_only=True)


def run_by_a_base(index: ModuleIndex, root: Container) -> bool:
    """Whether the root is a method that a base of its class (of the file or the project) calls on `self`: an
    override the base's code runs (plato's `train_run_end` hook, called after the base's training loop), entered with
    whatever gradients that code left, which the base's own analysis follows."""
    cls = index.owner_class(root)
    if cls is None or not isinstance(root, cst.FunctionDef) or index.methods_of.get(cls, {}).get(root.name.value) is not root:
        return False
    name = root.name.value
    return any(
        name in calls_on_self(method)
        for home, base in index.ancestry(cls, frozenset({name}))[1:] for method in home.methods_of.get(base, {}).values()
    )


# How many calls on `self` from a base's method to an override make it one checked for the subclass: its own, and
# those of the bases' methods they find (`fit()` -> `train_minibatch()` -> the overridden `calc_gradients()`). A run
# reaching a hook deeper (nnUNet's `run_training()` -> `on_train_start()` -> `get_dataloaders()` -> a variant's
# `get_training_transforms()`) is not checked again for each of a hundred variants.
OVERRIDE_DEPTH = 2


def reaches_below(method: cst.FunctionDef, position: int, resolved: Mapping[str, tuple[int, cst.FunctionDef]]) -> bool:
    """Whether the method's calls on `self`, followed through the methods they find, `OVERRIDE_DEPTH` calls deep, find
    one defined in a class before `position` of the subclass's classes: one the class at `position` does not see."""
    seen, frontier = {method}, [method]
    for _ in range(OVERRIDE_DEPTH):
        found = [resolved[name] for caller in frontier for name in sorted(calls_on_self(caller)) if name in resolved]
        if any(where < position for where, _ in found):
            return True
        frontier = [callee for _, callee in found if callee not in seen]
        seen.update(frontier)
    return False


@for_one_file
def calls_on_self(function: cst.FunctionDef) -> frozenset[str]:
    """The methods a function calls on `self` (`self.train_step(batch)`)."""
    collector = _SelfCalls()
    visit(function, collector)
    return frozenset(collector.names)


class _SelfCalls(cst.CSTVisitor):
    def __init__(self) -> None:
        self.names: set[str] = set()

    def visit_Call(self, node: cst.Call) -> None:
        func = node.func
        if isinstance(func, cst.Attribute) and isinstance(func.value, cst.Name) and func.value.value == "self":
            self.names.add(func.attr.value)


def analyse_root(
    root: Container, block: Block, builder: Builder, freezes: bool = False, instance_of: str | None = None
) -> RootFacts | None:
    events = tuple(events_in(block))
    if not any(isinstance(e, Backward) for e in events) or not any(isinstance(e, Step) for e in events):
        return None
    structure = Structure()
    locations = locate(block, structure)
    named = frozenset(
        [e.optimizer for e in events if isinstance(e, (Step, Unscale))]
        + [e.target.key for e in events if isinstance(e, Clear) and e.target.kind == "optimizer"]
    )
    # `for opt in optimizers: opt.step()` steps each optimizer the container visibly holds, named or not.
    optimizers = named | {element for key in named for element in builder.containers.get(key, ())}
    models = builder.models_seen_by(root)
    model_keys = frozenset(e.target.key for e in events if isinstance(e, Clear) and e.target.kind == "model") | {
        m for key in optimizers for m in models.get(key, ()) if len(models[key]) > 1
    }

    definitions = Definitions(block, events)
    handed = Handed(root, dict(inlined_calls(block)))
    written = models_written(events, models, definitions, handed, builder.namespaces)
    association = AssociationDomain(models, written)
    Interpreter(association, structure).run(block, frozenset())
    forward = forward_feeds(definitions, events, models, builder.index, builder.namespaces, builder.index_of, handed)
    # A backward several optimizers step surely fills the gradients of those whose model, or a part of it, its loss
    # calls, even where only one of them is visibly built (FactorVAE: the discriminator's, beside the VAE's optimizer
    # handed in); a call of a whole that holds the model (`self.agent(...)` for `self.agent.policy`) may not run it.
    shared = frozenset(backward for backward, keys in association.association.items() if len(keys) > 1)
    runs_through = models_written(events, models, definitions, handed, builder.namespaces, 1, shared, part_of) if shared else {}
    gradients = GradientDomain(
        optimizers=optimizers,
        model_keys=model_keys,
        models=models,
        association=association.association,
        forward=forward,
        structure=structure,
        locations=locations,
        leaks={} if freezes else leaks(written, association.association, lambda key: members(key, optimizers, builder.containers)),
        runs_through=runs_through,
        derived=builder.derived,
        containers=builder.containers,
        built_from=builder.built_from,
        apart=forwards_apart(root, [e for e in events if e.id in forward], optimizers, models, builder.index_of),
    )
    correlated = Correlated(gradients, CorrelationPlan.of(block, structure, frozenset(gradients.forward), lambda: builder.settings(root)))
    Interpreter(correlated, structure).run(block, correlated.start(gradients.initial()))
    loops = tuple(training_loops(block, structure))
    outside = [e for e in outside_loops(block, structure)]
    before = gradients.recorded.before  # a view built per read (`Recorded.before`): read once
    return RootFacts(
        root=root,
        block=block,
        events=events,
        before=before,
        where={event_id: locations.events[event_id] for event_id in before},
        fed={e.id: frozenset(gradients.fed_by(e)) for e in events},
        optimizers=optimizers,
        is_step_body=any(isinstance(e, Backward) for e in outside) and any(isinstance(e, Step) for e in outside),
        training_loops=loops,
        models=models,
        derived=builder.derived,
        containers=builder.containers,
        built_from=builder.built_from,
        calls=handed.calls,
        structure=structure,
        forwards={backward: frozenset(tag[1] for tag in tags) for backward, tags in gradients.consumed.items()},
        written=written,
        instance_of=instance_of,
        namespaces=builder.namespaces,
        trusted_before=gradients.recorded.trusted(),
        index_of=builder.index_of,
    )


def forwards_apart(
    root: Container, forwards: list[Event], optimizers: frozenset[str], models: Mapping[str, frozenset[str]],
    index_of: Callable[[Container], ModuleIndex],
) -> dict[int, frozenset[str]]:
    """Each forward pass -> the optimizers whose parameters it cannot reach: every model of theirs one the root built
    for itself alone (`fresh_models`), which the forward's code reaches neither by its name nor through what its
    construction read (`fresh_models.reaches`)."""
    if not forwards or not any(models.get(key) for key in optimizers):
        return {}
    fresh = fresh_models(root)
    if not fresh:
        return {}

    def method_of(callee: str, scope: cst.CSTNode) -> cst.FunctionDef | None:
        found = own_method(callee, scope, index_of(scope)) if isinstance(scope, (cst.FunctionDef, cst.Module)) else None
        return found[1] if found is not None else None

    found: dict[int, frozenset[str]] = {}
    for forward in forwards:
        value = source_value(forward) if isinstance(forward, (Assign, Accumulate, Put)) else None
        if value is None:
            continue
        apart = frozenset(
            key for key in optimizers if models.get(key) and all(
                model in fresh and reaches(value, forward.scope, model, fresh[model], method_of) is False for model in models[key]
            )
        )
        if apart:
            found[forward.id] = apart
    return found


def inlined_calls(node: Node) -> Iterator[tuple[int, tuple[Inlined, ...]]]:
    """Each event inside inlined calls, with those calls, outermost first (in program order, the IR walked with a stack:
    no generator per level)."""
    stack: list[tuple[Node, tuple[Inlined, ...]]] = [(node, ())]
    while stack:
        current, around = stack.pop()
        if isinstance(current, Event):
            if around:
                yield current.id, around
            continue
        inner = (*around, current) if isinstance(current, Inlined) else around
        stack.extend((child, inner) for child in reversed(children(current)))


def models_written(
    events: tuple[Event, ...], models: Mapping[str, frozenset[str]], definitions: Definitions, handed: Handed,
    namespaces: Mapping[Event | Loop, Namespace], fewest: int = 2, backwards: frozenset[int] | None = None,
    runs: Callable[[str, str], bool] = related,
) -> dict[int, frozenset[str]]:
    """The optimizers (of `fewest` or more built from visible models) whose model each backward's loss runs through
    (each of `backwards` only, when given; `runs(callee, model)`: a callee of the loss runs the model).

    A generator's loss computed through the discriminator (`-D(G(z)).mean()`)
    writes both models' gradients; `.detach()`, `.data`, `torch.no_grad()` and
    `backward(inputs=...)` cut the graph. Empty when the loss reaches none of
    those models visibly (computed by a helper, say): unknown.
    """
    built = {key: group for key, group in models.items() if group}
    if len(built) < fewest:
        return {}
    sources = Sources(definitions, handed, namespaces, inlined_at(handed))
    found: dict[int, frozenset[str]] = {}
    for backward in events:
        if not isinstance(backward, Backward) or backward.loss is None or backward.distributed or restricts_inputs(backward):
            continue
        if backwards is not None and backward.id not in backwards:
            continue
        reached = sources.models_reached(backward)
        written = frozenset(key for key, group in built.items() if any(runs(callee, m) for callee in reached for m in group))
        if written:
            found[backward.id] = written
    return found


def leaks(
    written: Mapping[int, frozenset[str]], association: Mapping[int, set[str]], members: Callable[[str], list[str]]
) -> dict[int, frozenset[str]]:
    """The optimizers each backward writes gradients into without feeding them (it feeds the step that comes next,
    and each of its `members`: the elements of a container stepped in a loop over it)."""
    found = {b: keys.difference(*map(members, association[b])) for b, keys in written.items() if association.get(b)}
    return {b: keys for b, keys in found.items() if keys}


def part_of(callee: str, model: str) -> bool:
    """The callee is the model or one of its parts."""
    return callee == model or callee.startswith(model + ".")


def restricts_inputs(backward: Backward) -> bool:
    return isinstance(backward.node, cst.Call) and any(a.keyword is not None and a.keyword.value == "inputs" for a in backward.node.args)


class Definitions:
    """Where names are assigned, for tracing a loss back to the values it is computed from.

    Only assignments written before the event that reads the name (the backward, or an assignment on the way to
    its loss), in its outermost loop or before that loop (outside loops, or in a loop that ended before it: the
    rollout's forward passes read after the rollout): the later `y_hat_g, fmap = mpd(y, y_hat)` of a generator's
    update is no source of the discriminator's loss computed above it from the same names. A value put into a
    container (`outputs.append(out)`, `total += out`) is one more source of the container's reads.
    """

    def __init__(self, block: Block, events: tuple[Event, ...]) -> None:
        self.blocks = dict(enclosing_blocks(block))
        self.position = {e.id: index for index, e in enumerate(events)}
        self.by_name: dict[Slot, list[Assign]] = {}
        self.puts: dict[Slot, list[Accumulate | Put]] = {}
        for event in events:
            if isinstance(event, Assign):
                for name in event.names:
                    self.by_name.setdefault(slot(event.scope, name), []).append(event)
            elif isinstance(event, (Accumulate, Put)):
                self.puts.setdefault(slot(event.scope, event.target), []).append(event)

    def before(self, reader: Event, scope: cst.CSTNode, name: str) -> list[Assign]:
        """The assignments that may reach the reader: an assignment in a block around the reader (or its own),
        written before it, runs on every path to it and hides the earlier ones (unless it reads the name itself:
        `loss = loss + reg`)."""
        limit = self.position[reader.id]
        found = [a for a in self.by_name.get(slot(scope, name), ()) if self.position[a.id] < limit]
        around = self.blocks[reader.id]
        hiding = [a for a in found if around[: len(self.blocks[a.id])] == self.blocks[a.id] and name not in a.uses]
        if not hiding:
            return found
        last = max(self.position[a.id] for a in hiding)
        return [a for a in found if self.position[a.id] >= last]

    def put_before(self, reader: Event, scope: cst.CSTNode, name: str) -> list[Accumulate | Put]:
        """The values put into the container `name` before the reader, since the assignment that last made it anew."""
        limit = self.position[reader.id]
        made = [self.position[a.id] for a in self.before(reader, scope, name)]
        start = min(made, default=-1)
        return [p for p in self.puts.get(slot(scope, name), ()) if start < self.position[p.id] < limit]


# A name read in the code of a function (or of the module), with the inlined call of that function whose body binds
# it where the read is one of what that call returns (`Sources.returned`; None: wherever that code binds it).
Read = tuple[cst.CSTNode, str, Optional[Inlined]]


class Sources:
    """The assignments a loss is computed from, through the autograd graph only."""

    def __init__(
        self, definitions: Definitions, handed: Handed, namespaces: Mapping[Event | Loop, Namespace], inlined: Mapping[int, Inlined]
    ) -> None:
        self.definitions = definitions
        self.handed = handed
        self.namespaces = namespaces
        self.inlined = inlined  # `id` of each call the IR inlined -> its inlined body
        self.graphs: dict[tuple[int, Inlined | None], tuple[set[str], set[Read]]] = {}

    def graph(self, assign: Assign, within: Inlined | None) -> tuple[set[str], set[Read]]:
        """The graph of the assignment's value, read as `graph_in` reads it."""
        if (assign.id, within) not in self.graphs:
            value = getattr(assign.node, "value", None)
            carries = not assign.no_grad and isinstance(value, cst.BaseExpression)
            graph = self.graph_in(self.namespaces.get(assign), assign.scope, value, within) if carries else (set(), set())
            self.graphs[assign.id, within] = graph
        return self.graphs[assign.id, within]

    def graph_at(self, event: Event, scope: cst.CSTNode, value: cst.CSTNode) -> tuple[set[str], set[Read]]:
        """The calls and the names (read in `scope`) of `value`'s graph, each callee also as the event's resolver names
        the object it is (`self.qf` of a method is `qf` where `__init__` bound it to its parameter, `trainer.qf` where
        the method runs on `trainer`), as the optimizers' models are named."""
        return self.graph_in(self.namespaces.get(event), scope, value, None)

    def graph_in(
        self, namespace: Namespace | None, scope: cst.CSTNode, value: cst.CSTNode, within: Inlined | None, depth: int = 0
    ) -> tuple[set[str], set[Read]]:
        """`value`'s graph read in `scope` (in the body of the inlined call `within`, its callees only as `namespace`
        names them there, the helper's own names meaning nothing to the caller's models: rlkit's `policy` parameter of
        `run_bc_batch`, handed the buffer policy, beside the `policy` key of the policy's optimizer; else also as
        written), with what each helper it calls that the IR inlined hands back (`returned`)."""
        graph = _Graph()
        visit(value, graph)
        callees = {namespace.resolver.canonical(function) for function in graph.functions} if namespace else set()
        callees |= graph.callees if within is None else set()
        reads = {(scope, name, within) for name in graph.names}
        for call in graph.calls:
            if (inlined := self.inlined.get(id(call))) is not None and depth < SOURCE_DEPTH:
                more_callees, more_reads = self.returned(inlined, depth + 1)
                callees, reads = callees | more_callees, reads | more_reads
        return callees, reads

    def returned(self, inlined: Inlined, depth: int) -> tuple[set[str], set[Read]]:
        """What an inlined helper's value is computed from: the graphs of the values it returns with autograd
        recording, read in its own code, its callees only as the code there names them (`return self.encoder(obs)`
        of url_benchmark's `obs = self.aug_and_encode(obs)`: the encoder; `self` may be another instance there).
        Its names are bound in that call's body, not in another call of the same helper (rlkit's AWAC: `run_bc_batch`
        handed the policy, then the buffer policy). Nothing where that code's names are not known (no event of its
        own)."""
        function = inlined.function
        entry = next((item for item in inlined.body.items if isinstance(item, Event)), None)
        namespace = self.namespaces.get(entry) if entry is not None else None
        if not isinstance(function, cst.FunctionDef) or namespace is None or state_events.function_disables_grad(function):
            return set(), set()
        callees: set[str] = set()
        reads: set[Read] = set()
        for value in recorded_returns(function):
            more_callees, more_reads = self.graph_in(namespace, function, value, inlined, depth)
            callees, reads = callees | more_callees, reads | more_reads
        return callees, reads

    def models_reached(self, backward: Backward) -> set[str]:
        """What the loss calls along the values it is computed from (each name read in the function that reads it,
        a helper's parameter in its caller, `Handed`; a name an inlined helper returns, in the helper)."""
        assert backward.loss is not None
        callees, reads = self.graph_at(backward, backward.scope, backward.loss)
        seen: set[Read] = set()
        for _ in range(SOURCE_DEPTH):
            fresh = reads - seen
            if not fresh:
                break
            seen |= fresh
            for scope, name, within in fresh:
                assigns = self.definitions.before(backward, scope, name)
                if within is not None:
                    assigns = [assign for assign in assigns if within in self.handed.calls.get(assign.id, ())]
                for assign in assigns:
                    if name in assign.without_graph:
                        continue  # `wav * mask` after `wav_g, mask = generator(x)`, whose mask carries no graph
                    more_callees, more_reads = self.graph(assign, within)
                    callees, reads = callees | more_callees, reads | more_reads
                if not assigns and within is None:  # a helper's parameter: the argument, which its call's graph reads
                    reads = reads | {(caller, more, None) for _, caller, more in self.handed.reads(backward, scope, name)}
        return callees


def inlined_at(handed: Handed) -> dict[int, Inlined]:
    """`id` of each call the IR inlined around an event of the root -> its inlined body."""
    return {id(inlined.call): inlined for calls in handed.calls.values() for inlined in calls}


def recorded_returns(function: cst.FunctionDef) -> list[cst.BaseExpression]:
    """The values the function returns outside a `with torch.no_grad():` (those inside carry no graph)."""
    return return_values(
        function, enters=lambda statement: not (isinstance(statement, cst.With) and any(state_events.disables_grad(item.item) for item in statement.items))
    )


def graph_of(value: cst.CSTNode) -> tuple[set[str], set[str]]:
    """The calls and the names a value's autograd graph comes from: `.detach()`, `.item()` and `.data` cut it."""
    graph = _Graph()
    visit(value, graph)
    return graph.callees, graph.names


def graph_calls(value: cst.CSTNode) -> list[cst.Call]:
    """The calls whose values a value's autograd graph holds (none under `.detach()`, `.item()` or `.data`)."""
    graph = _Graph()
    visit(value, graph)
    return graph.calls


class _Graph(cst.CSTVisitor):
    def __init__(self) -> None:
        self.callees: set[str] = set()
        self.functions: list[cst.BaseExpression] = []  # the called objects of `callees`, as written
        self.calls: list[cst.Call] = []  # the calls whose values the graph holds
        self.names: set[str] = set()

    def visit_Attribute(self, node: cst.Attribute) -> bool:
        if node.attr.value in GRAPHLESS_ATTRIBUTES:  # `x.data`, `x.shape[1]`
            return False
        self.names.add(code_of(node))
        visit(node.value, self)  # `data.actions` reads `data`, not a name `actions`
        return False

    def visit_Name(self, node: cst.Name) -> None:
        self.names.add(node.value)

    def visit_Call(self, node: cst.Call) -> bool:
        if isinstance(node.func, cst.Attribute) and node.func.attr.value in GRAPH_CUTTING_METHODS:
            return False
        self.calls.append(node)
        name = dotted_name(node.func)
        if name:
            self.callees.add(name)
            self.functions.append(node.func)
        return True


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


def loss_entry(backward: Backward) -> str | None:
    """The entry of a container that holds the loss, as `entry_name` names it: `self._losses['total_loss']` in
    `self._losses["total_loss"].backward()`; None where the loss is no such entry."""
    node = backward.loss
    while isinstance(node, cst.BinaryOperation) or isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute):
        node = node.left if isinstance(node, cst.BinaryOperation) else node.func.value
    return entry_name(node) if node is not None else None


MODEL_WORDS = re.compile(r"model|net|encoder|decoder|generator|discriminator|critic|backbone|policy|actor|agent|qf|module", re.I)
DATA_WORDS = re.compile(
    r"^(get|load|make|read|fetch|prepare|sample|next|iter|len|range|list|dict|tuple|zip|enumerate|move|pad|crop|resize)"
    r"|batch|data|device|collate|transform|augment|process|convert|normali[sz]e|random|noise",
    re.I,
)
SOURCE_DEPTH = 4
# How many steps `forward_feeds` walks back from a loss to the forward passes it reads, one more than
# `SOURCE_DEPTH + 1`: a multi-agent learner's loss reads its agents' outputs through a masked error, a difference,
# a gather and a stack of the list each step's forward was appended to (epymarl's `QLearner.train`).
FORWARD_STEPS = SOURCE_DEPTH + 2


def forward_feeds(
    definitions: Definitions,
    events: tuple[Event, ...],
    models: Mapping[str, frozenset[str]],
    index: ModuleIndex,
    namespaces: Mapping[Event | Loop, Namespace],
    index_of: Callable[[Container], ModuleIndex],
    handed: Handed,
) -> dict[int, frozenset[int]]:
    """The assignments that run the forward pass, each with the backwards whose loss it feeds.

    An assignment feeds a loss when the loss is computed from the names it binds
    (a few steps back, in the loop around the backward or before it; a parameter of an inlined helper that the
    helper never assigns, through the argument its call hands it, `handed`), and runs
    the forward when it calls a model. `kl_loss = 0.0` feeds the loss but runs
    nothing; `batch = get_batch()` calls no model; `hidden = model.init_hidden(n)`
    calls a method that returns new tensors only, which runs none; `loss = -(log_alpha.exp() * t).mean()` runs
    one when it reads a tensor made to be trained (`is_trained_leaf`), by a name or an attribute bound once to it
    (`self.log_alpha` that `__init__` made); `fake = G(z)`
    under `torch.no_grad()` runs a model but carries no graph, so neither it nor
    what it reads feeds the loss (a critic's loss computed from it after the clear). A call of a container's element
    runs a model where the container holds models (`self.model["generator"](x)`, `element_runs_model`); a function
    of the project handed a model runs it where its body does (`pack_and_forward(self.model, x)`, `runs_handed_model`).
    `index_of`: the index of the module a function is written in.
    """
    known = {m for group in models.values() for m in group} | {e.target.key for e in events if isinstance(e, Clear) and e.target.kind == "model"}

    def runs_forward(source: Assign | Accumulate | Put, input_only: bool) -> bool:
        namespace = namespaces.get(source)
        resolver = namespace.resolver if namespace else None
        value = source_value(source) or cst.Module([])
        home = index_of(source.scope)
        return any(
            (calls_model_in(call, callee, source.scope, home, known, resolver, input_only) and not returns_new_tensors(call, resolver, index))
            or runs_handed_model(call, callee, known, home, source.scope)
            if (callee := dotted_name(call.func))
            else element_runs_model(call.func, known, resolver) or entry_runs_handed_model(call, known, resolver)
            for call in graph_calls(value)  # not a call whose value is cut: `model.embeds().detach()` runs no forward of the loss
        ) or (resolver is not None and reads_trained_leaf(value, resolver)) or reads_model_property(value, source.scope, home, known)

    runs_model: dict[tuple[int, bool], bool] = {}
    feeds: dict[int, set[int]] = {}
    for backward in events:
        name = loss_name(backward) if isinstance(backward, Backward) else None
        if name is None:
            continue
        # (the event that reads the name, its scope, the name, whether the name reaches the loss only as what a forward
        # after it is handed): a source is looked for before the event reading it; the loss's entry of its container
        # too, where the value was put (`self._losses['total_loss']`, stored by the model's `forward()`)
        names = {name, entry} if (entry := loss_entry(backward)) else {name}
        frontier: set[tuple[Event, cst.CSTNode, str, bool]] = {(backward, backward.scope, each, False) for each in names}
        seen: set[tuple[int, Slot, bool]] = set()
        for _ in range(FORWARD_STEPS):
            seen |= {(reader.id, slot(scope, bound), input_only) for reader, scope, bound, input_only in frontier}
            reached: set[tuple[Event, cst.CSTNode, str, bool]] = set()
            for reader, scope, bound, input_only in frontier:
                sources = [*definitions.before(reader, scope, bound), *definitions.put_before(reader, scope, bound)]
                for source in sources:
                    if source.no_grad or isinstance(source, Assign) and bound in source.without_graph:
                        continue  # a value made under `torch.no_grad()`, or a returned mask, carries no graph: nothing before it feeds the loss
                    if (source.id, input_only) not in runs_model:
                        runs_model[source.id, input_only] = runs_forward(source, input_only)
                    if runs_model[source.id, input_only]:
                        feeds.setdefault(source.id, set()).add(backward.id)
                    handed_on = input_only or runs_model[source.id, input_only]
                    uses = source_uses(source) | source_entries(source, index_of(source.scope))
                    reached |= {(source, source.scope, use, handed_on) for use in uses}
                if not sources:
                    reached |= {(*read, input_only) for read in handed.reads(reader, scope, bound)}
                    reached |= {(*read, input_only) for read in iterated_reads(reader, scope, bound, namespaces)}
                    if "." in bound and reader is backward:
                        # `losses.policy_loss.backward()`, a field of the loss nothing here assigned: what `losses` holds
                        # (not a field read on the way, `model.config.vocab_size`, which carries no graph of `model`)
                        reached.add((reader, scope, bound.rsplit(".", 1)[0], input_only))
            frontier = {entry for entry in reached if (entry[0].id, slot(entry[1], entry[2]), entry[3]) not in seen}
    return {assign: frozenset(backwards) for assign, backwards in feeds.items()}


@dataclass(frozen=True)
class Handed:
    """What the inlined calls of one root hand the parameters of the helpers they inline."""

    root: Container
    calls: Mapping[int, tuple[Inlined, ...]]  # event id -> the inlined calls it sits in, outermost first

    def reads(self, reader: Event, scope: cst.CSTNode, name: str) -> set[tuple[Event, cst.CSTNode, str]]:
        """`obs`, a parameter of the inlined helper `scope` that nothing there assigned before the reader, is the
        argument the call hands it: the names that argument's graph reads, in the caller (`update_critic(obs, ...)`
        after `obs = self.encoder(obs)`, drqv2), read from the same reader. Nothing for a parameter bound where a
        `functools.partial` was written, or by a default."""
        found = handed_argument(self.calls.get(reader.id, ()), scope, name, self.root)
        if found is None:
            return set()
        argument, caller, _ = found
        return {(reader, caller, used) for used in graph_of(argument)[1]}


def handed_argument(
    calls: tuple[Inlined, ...], function: cst.CSTNode, parameter: str, root: cst.CSTNode
) -> tuple[cst.BaseExpression, cst.CSTNode, int] | None:
    """The argument the innermost of the inlined `calls` (outermost first) that inlined `function` binds its
    parameter to, as that call writes it, with the function the call is written in (the root for the outermost) and
    that call's depth; None where no such call is there, or the parameter is bound where a `functools.partial` was
    written, or by a default."""
    depth = next((i for i in reversed(range(len(calls))) if calls[i].function is function), None)
    if depth is None:
        return None
    call = calls[depth].call
    argument = dict(calls[depth].arguments).get(parameter)
    if argument is None or not isinstance(call, cst.Call) or not any(a.value is argument for a in call.args):
        return None
    return argument, calls[depth - 1].function if depth else root, depth


def iterated_reads(
    reader: Event, scope: cst.CSTNode, name: str, namespaces: Mapping[Event | Loop, Namespace]
) -> set[tuple[Event, cst.CSTNode, str]]:
    """A name the loss is read from that is the target of a `for` around its reader, in the reader's own function,
    and that no assignment binds: the names the loop's iterable reads, read from the reader (`losses, metrics =
    model.training_step(obs)`, then `for loss in losses: scaler.scale(loss).backward()`, pydreamer; GradNorm's `for
    loss_i, w_i in zip(loss_list, loss_weight): loss += loss_i * w_i` before its backward, torch-rechub)."""
    namespace = namespaces.get(reader)
    if namespace is None or scope is not reader.scope:
        return set()
    loop = next((loop for loop in namespace.loops if name in {code_of(n) for n in assigned_names(loop.target)}), None)
    return {(reader, scope, used) for used in graph_of(loop.iter)[1]} if loop is not None else set()


def source_value(source: Assign | Accumulate | Put) -> cst.BaseExpression | None:
    """The value an assignment binds, or the one a put adds to its container."""
    return source.added if isinstance(source, (Accumulate, Put)) else getattr(source.node, "value", None)


def source_entries(source: Assign | Accumulate | Put, home: ModuleIndex) -> frozenset[str]:
    """The entries of containers at literal keys a source's value reads (`self._losses['cross_entropy']`), where a
    put of the instance may have stored what it holds."""
    value = source_value(source)
    return entries_read(value, home.origin_of_name) if value is not None else frozenset()


def source_uses(source: Assign | Accumulate | Put) -> frozenset[str]:
    """The names whose values a source holds: those an assignment's value reads, those a put adds as they are."""
    return source.values if isinstance(source, (Accumulate, Put)) else source.uses


def element_runs_model(callee: cst.BaseExpression, known: set[str], resolver: Resolver | None) -> bool:
    """`self.model["generator"](x)`: the called element of a container of models, one an optimizer is built from
    (`model["generator"].parameters()`), a container visibly a model by its name, as `runs_model` reads one, or one
    visibly built of torch modules (`holds_modules`)."""
    if not isinstance(callee, cst.Subscript) or (container := dotted_name(callee.value)) is None:
        return False
    element = resolver.canonical(callee) if resolver is not None else code_of(callee)
    return element in known or runs_model(container, known) or (resolver is not None and holds_modules(callee.value, resolver))


def entry_runs_handed_model(call: cst.Call, known: set[str], resolver: Resolver | None) -> bool:
    """`loss_registry[config.model.type](model, x)`: a call of an entry of a table of defs that another module of the
    project binds at its top level, imported here, every one of which runs the model it is handed (`runs_handed_model`)."""
    table = call.func.value if isinstance(call.func, cst.Subscript) else None
    imported = resolver.same_file.imported_table(table.value) if resolver is not None and isinstance(table, cst.Name) else None
    if imported is None:
        return False
    index, shown = imported
    entries = [element.value for element in shown.elements]
    return bool(entries) and all(
        isinstance(entry, cst.Name) and runs_handed_model(call, entry.value, known, index, index.module) for entry in entries
    )


# torch's containers of modules: indexing one gives a module.
MODULE_CONTAINERS = frozenset({"ModuleDict", "ModuleList"})


def holds_modules(container: cst.BaseExpression, resolver: Resolver) -> bool:
    """Whether a container is bound once to torch's container of modules (`nn.ModuleDict(...)`) or to a dict, list or
    tuple display each of whose values builds a torch module (`{"g": Generator(), "d": nn.Linear(8, 1)}`), itself or
    as the one function of the file or of the project that builds it returns it (`self.nets = self._build_nets()`)."""
    value = resolver.value_of(container)
    if not isinstance(value, cst.Call) or last_name(value.func) in MODULE_CONTAINERS:
        return displays_modules(value, resolver)
    returned = resolver.returned(value, 0)
    return bool(returned) and all(displays_modules(each, there) for there, each in returned)


def displays_modules(value: cst.BaseExpression | None, resolver: Resolver) -> bool:
    if value is None:
        return False
    if isinstance(value, cst.Call) and last_name(value.func) in MODULE_CONTAINERS:
        return True
    elements = mapping_entries(value) or tuple_elements(value) or []
    return bool(elements) and all(builds_module(element, resolver) for element in elements)


def builds_module(value: cst.BaseExpression, resolver: Resolver) -> bool:
    """A construction of torch's module class (`nn.Linear(8, 1)`, moved: `.to(device)`) or of a class of the file or
    of the project derived from `nn.Module`."""
    while isinstance(value, cst.Call) and (inner := unwrapped_module(value)) is not None:
        value = inner
    if not isinstance(value, cst.Call):
        return False
    if TORCH_MODULE_CLASS.match(dotted_name(value.func) or ""):
        return True
    classes = resolver.classes_built(value) or ()
    return bool(classes) and all(home.is_torch_module(cls) for home, cls in classes)


TORCH_MODULE_CLASS = re.compile(r"^(torch\.)?nn\.[A-Z]")


def runs_handed_model(call: cst.Call, callee: str, known: set[str], index: ModuleIndex, scope: Container) -> bool:
    """A function of the file or of its project handed a model (`pack_and_forward(self.model, x)`) whose body runs
    the parameter it is bound to (`model(x)`, `model.forward(x)`, or replicas of it run by `parallel_apply`), and
    whose return may carry that forward's graph (not an attack's `x_adv.detach()`, `returns_its_own_graph`)."""
    models = [
        (position, argument) for position, argument in enumerate(call.args)
        if not argument.star and (model := dotted_name(argument.value)) is not None and runs_model(model, known)
    ]
    found = index.definition_of(callee, scope) if models else None
    if found is None or not isinstance(found[1], cst.FunctionDef):
        return False
    function = found[1]
    parameters = [p.name.value for p in (*function.params.posonly_params, *function.params.params)]
    handed = {
        argument.keyword.value if argument.keyword is not None else parameters[position]
        for position, argument in models
        if argument.keyword is not None or position < len(parameters)
    }
    run = handed & runs_parameters(function)
    return bool(run) and returns_its_own_graph(found[0], function, frozenset(run))


# torch.nn.parallel's functions that run the modules they are handed first (`parallel_apply(replicas, inputs)`), and
# those that return copies of the module they are handed (`replicate(model, device_ids)`).
RUNNING_FUNCTIONS = frozenset({"parallel_apply", "data_parallel"})
COPYING_FUNCTIONS = frozenset({"replicate"})


@for_one_file
def runs_parameters(function: cst.FunctionDef) -> frozenset[str]:
    """The parameters a function's body runs: calls (`model(x)`, `model.forward(x)`), calls a method or a module of
    but torch's own (`nets.discriminator(real)`, `model.generate(ids)`; not `model.eval()`), or hands to a function
    of `RUNNING_FUNCTIONS`, itself or its copies (a name bound to `replicate(model, ids)`, or to a slice of such)."""
    parameters = {p.name.value for p in (*function.params.posonly_params, *function.params.params)}
    copies = {name: name for name in parameters}  # a name -> the parameter it is (a copy of)

    def copied(node: cst.BaseExpression) -> str | None:
        while isinstance(node, cst.Subscript):
            node = node.value  # `replicas[: len(inputs)]`
        return copies.get(node.value) if isinstance(node, cst.Name) else None

    for assign in nodes_of(function.body, cst.Assign):
        source = assign.value
        if isinstance(source, cst.Call) and last_name(source.func) in COPYING_FUNCTIONS and source.args:
            source = source.args[0].value
        if (parameter := copied(source)) is not None:
            copies.update((target.target.value, parameter) for target in assign.targets if isinstance(target.target, cst.Name))
    run: set[str] = set()
    for call in nodes_of(function.body, cst.Call):
        func = call.func
        if last_name(func) in RUNNING_FUNCTIONS and call.args:
            func = call.args[0].value
        while isinstance(func, cst.Attribute) and func.attr.value not in MODULE_METHODS:
            func = func.value  # `model.forward(x)`, `nets.generator.encode(z)`
        if (parameter := copied(func)) is not None:
            run.add(parameter)
    return frozenset(run)


def reads_trained_leaf(value: cst.CSTNode, resolver: Resolver) -> bool:
    """Whether a value's autograd graph reads a tensor made to be trained (not `log_alpha.exp().item()`, a number), by
    a name or an attribute bound once to one (`self.log_alpha = torch.zeros(1, requires_grad=True)`)."""
    graph = graph_of(value)[1]
    return any(
        is_trained_leaf(resolver.value_of(node))
        for node in nodes_of(value, (cst.Name, cst.Attribute)) if code_of(node) in graph
    )


def reads_model_property(value: cst.CSTNode, scope: cst.CSTNode, index: ModuleIndex, known_models: set) -> bool:
    """Whether a value's autograd graph reads `self.name` where `name` is a property of the method's class (or of a
    base) whose body runs a model (`body_runs_model`): reading it calls the getter, which runs that forward (robomimic's
    `log_entropy_weight`, returning `self.nets["log_entropy_weight"]()`, the module its optimizer steps)."""
    owner = index.owner_class(scope)
    if owner is None:
        return False
    graph = graph_of(value)[1]
    for node in nodes_of(value, cst.Attribute):
        if not (isinstance(node.value, cst.Name) and node.value.value == "self" and code_of(node) in graph):
            continue
        found = index.inherited_method(owner, node.attr.value)
        if found is not None and is_property(found[1]) and body_runs_model(*found, known_models, METHOD_DEPTH):
            return True
    return False


def is_property(method: cst.FunctionDef) -> bool:
    return any((dotted_name(d.decorator) or "").rsplit(".", 1)[-1] in ("property", "cached_property") for d in method.decorators)


def is_trained_leaf(value: cst.BaseExpression | None) -> bool:
    """A tensor made to be trained, `torch.zeros(1, requires_grad=True)`, `nn.Parameter(...)` or
    `torch.log(...).requires_grad_(True)` (SAC's `log_alpha`, which an optimizer steps): what is computed from it
    carries a graph, so computing it runs the forward."""
    if not isinstance(value, cst.Call):
        return False
    if (dotted_name(value.func) or "").rsplit(".", 1)[-1] == "Parameter":
        return True
    if isinstance(value.func, cst.Attribute) and value.func.attr.value == "requires_grad_":
        return all(code_of(a.value) == "True" for a in value.args)  # `requires_grad_()` turns it on too
    return any(a.keyword is not None and a.keyword.value == "requires_grad" and code_of(a.value) == "True" for a in value.args)


def returns_new_tensors(call: cst.Call, resolver: Resolver | None, index: ModuleIndex) -> bool:
    """Whether `receiver.method(...)` runs a method that returns only tensors it makes (`weight.new_zeros(...)`,
    `torch.zeros(...).to(device)`, a tuple of them) or a tensor's metadata (`next(self.parameters()).device`): they
    carry no autograd graph, so calling it runs no forward.
    The method of each class the receiver may have been built from, in the file or in its project
    (`self.mdl.init_hidden(n)` after `self.mdl = BasicRNN(...)` of models/rnn.py); where those are not known, the
    file's one method of that name."""
    if not isinstance(call.func, cst.Attribute):
        return False
    name = call.func.attr.value
    classes = resolver.classes_built(call.func.value) if resolver is not None else None
    if classes is not None:
        methods = [(home, home.method(cls, name)) for home, cls in classes]
    else:
        methods = [(index, method) for method in index.methods_named.get(name, ())]
    if classes is None and len(methods) != 1:
        return False
    return all(method is not None and makes_new_tensors(home, method) for home, method in methods)


def makes_new_tensors(index: ModuleIndex, function: cst.FunctionDef) -> bool:
    """Whether a function of the module `index` returns something, and only values with no autograd graph: new
    tensors (`is_new_tensor`), or a tensor's metadata (stanza's `get_device`: `next(self.parameters()).device`)."""
    values = index.returned_values(function)
    resolver = index.resolver_for(function)
    return bool(values) and all(is_new_tensor(value, resolver) or is_metadata(value) for value in values)


def is_metadata(value: cst.BaseExpression) -> bool:
    """`x.device`, `x.shape`, `x.dtype`: a read of a tensor that carries no autograd graph."""
    return isinstance(value, cst.Attribute) and value.attr.value in GRAPHLESS_ATTRIBUTES


def is_new_tensor(value: cst.BaseExpression, resolver: Resolver, depth: int = 0) -> bool:
    """A tensor made here, with no autograd graph: a factory's (`torch.zeros`, `x.new_zeros`), moved or cast,
    wrapped in a `Variable`, or a name bound once to one; a tuple or list of them."""
    if depth > SOURCE_DEPTH:
        return False
    if isinstance(value, (cst.Tuple, cst.List)):
        return bool(value.elements) and all(is_new_tensor(element.value, resolver, depth + 1) for element in value.elements)
    if isinstance(value, cst.Name):
        bound = resolver.value_of(value)
        return bound is not None and is_new_tensor(bound, resolver, depth + 1)
    if not isinstance(value, cst.Call):
        return False
    callee = dotted_name(value.func) or ""
    method = value.func.attr.value if isinstance(value.func, cst.Attribute) else None
    if method in NEW_TENSOR_METHODS or (callee.startswith("torch.") and callee.rsplit(".", 1)[1] in TENSOR_FACTORIES | TENSOR_CLASSES):
        return True
    if method in SAME_TENSOR_METHODS:
        return is_new_tensor(value.func.value, resolver, depth + 1)
    return callee in VARIABLE_WRAPPERS and bool(value.args) and is_new_tensor(value.args[0].value, resolver, depth + 1)


def enclosing_blocks(node: Node) -> Iterator[tuple[int, tuple[int, ...]]]:
    """Each event with the blocks around it, outermost first (as ids), in program order. A block that is an item of a
    block (a `with` statement's body) runs wherever that block does: it is that block's part, not one more around its
    events."""
    stack: list[tuple[Node, tuple[int, ...], bool]] = [(node, (), False)]  # (node, the blocks around it, in a block)
    while stack:
        current, path, within_block = stack.pop()
        if isinstance(current, Event):
            yield current.id, path
            continue
        block = isinstance(current, Block)
        inner = (*path, id(current)) if block and not within_block else path
        stack.extend((child, inner, block) for child in reversed(children(current)))


NOT_MODELS = frozenset(dir(builtins))
# The last word of a name says what it is: a tokenizer, an image or text processor, a collator, a data loader or a
# dataset turns data into tensors and runs no model, whatever the words before it say (`model_processor`,
# `_prepare_dataloader` asked of an object named model); one an optimizer is built from (`Adam(tokenizer.parameters())`,
# then `self.tokenizer = tokenizer`) is a model.
DATA_PREPARER = re.compile(r"(tokeni[sz]er|processor|collator|loader|dataset)s?$", re.I)


def calls_model(
    callee: str, known_models: set, helpers: frozenset[str], elsewhere: Callable[[str], bool], calls_object: bool = False
) -> bool:
    """`model(x)`, `agent.get_action(x)`, `self.layer(x)`, `criterion(out, y)`; not `torch.randn()`, `get_batch()`,
    `sum(rewards)`, `self.build_model()`, nor what another module defines (`elsewhere`, asked of the callee's first
    name: `compute_density_for_timestep_sampling(...)`, `create_arrow_model(...)`, `timm.create_model(...)`,
    `AutoModel.from_pretrained(...)`), which its name does not tell: a function of the project runs the model it is
    handed where its body does (`runs_handed_model`), a library's is not known. `calls_object`: the callee is bound to
    an object, not a class (`binds_object`), so its capital builds nothing (`self.Q(state)`, `D(reals)`)."""
    parts = callee.split(".")
    if parts[-1] in {"forward", "__call__"} or callee in known_models or calls_object:
        return True  # `D(fake)` runs the model an optimizer is built from, or the network bound to it, whatever its case
    if len(parts) > 1 and parts[-1] in MODULE_API_METHODS:
        return False  # `self.optimizers()`, `model.train()`: a method of torch's or Lightning's module, not a forward
    if DATA_PREPARER.search(parts[-1]) and parts[-1] not in known_models:
        return False  # `self.tokenizer(text)`, `self.model_processor(images=...)`, `model._prepare_dataloader(x, y)`
    if builds_instance(parts[-1]) or (len(parts) == 1 and (parts[0] in helpers or parts[0] in NOT_MODELS)):
        return False  # building a model is not running it; a plain function of this file is a helper
    if ".".join(parts[:-1]) in known_models:
        return True  # a method of a model (`model.features(x)`); one of its attribute's is read in `calls_model_in`
    objects = parts[1:] if parts[0] == "self" and len(parts) > 1 else parts  # `self.encoder.embed` -> encoder, embed
    method = objects[-1].lstrip("_")  # a private method (`self._compute_loss`) is named by what follows the underscores
    if len(objects) > 1 and MODEL_WORDS.search(objects[0]):
        named = True  # a method of an object named as a model (`policy.evaluate(s)`)
    elif MODEL_WORDS.search(method):
        named = not BUILDING.match(method)  # `self.encoder(x)`, not `self.build_encoder()`
    else:
        own = len(objects) == 1  # `criterion(...)`, `self.layer(...)`
        named = own and method[:1].islower() and not DATA_WORDS.search(method)
    return named and not elsewhere(parts[0])


def builds_instance(name: str) -> bool:
    """Whether a callee's last name is a class's, by its capital letter: a private class's too (`_WrappedModel(...)`
    builds a wrapper, the underscores before the capital say nothing)."""
    return name.lstrip("_")[:1].isupper()


def calls_bound_object(func: cst.BaseExpression, resolver: Resolver | None) -> bool:
    """Whether a callee whose capital reads as a class's (`builds_instance`) is a name or attribute bound to an
    object by every binding the resolver reads (`binds_object`): `self.Q(state)` after `self.Q =
    algo_init["critic"]["net"]` runs the network, where `self.Tensor(shape)` after `self.Tensor = torch.FloatTensor`
    builds a tensor. Asked of capitals only: a lowercase callee is read by its name (`calls_model`)."""
    return (
        resolver is not None and isinstance(func, (cst.Name, cst.Attribute)) and builds_instance(last_name(func) or "")
        and binds_object(func, resolver)
    )


def binds_object(node: cst.Name | cst.Attribute, resolver: Resolver, depth: int = 0) -> bool:
    """Whether every binding of a name or attribute is an object, not a class: an element of a container whose
    elements are objects or not visible (`D = runner.models["discriminator"]`; not `Net = NETS[name]` of a dict of
    classes), a construction (`self.Q = QNetwork(...)`), the same moved or copied (`.to(device)`,
    `copy.deepcopy(self.Q)`), or another name bound so. A class statement, an import, `self.Net = Net`,
    `self.Tensor = torch.cuda.FloatTensor if gpu else torch.FloatTensor`, any other value, or no binding, is not."""
    bindings = resolver.bindings(code_of(node)) if depth <= SOURCE_DEPTH else []
    return bool(bindings) and all(
        is_object(binding.alias, resolver.at(binding.home), depth + 1) if binding.alias is not None
        else binding.value is not None and binding.unpacked is None and is_object(binding.value, resolver, depth + 1)
        for binding in bindings
    )


def is_object(value: cst.BaseExpression, resolver: Resolver, depth: int) -> bool:
    """`binds_object` of one bound value."""
    if isinstance(value, (cst.Name, cst.Attribute)):
        return binds_object(value, resolver, depth)
    if isinstance(value, cst.Subscript):
        elements = resolver.elements_of(value.value).values()
        return all(is_object(element, resolver, depth + 1) for element in elements)
    if isinstance(value, cst.Call):
        moved = unwrapped_module(value)
        return is_object(moved, resolver, depth + 1) if moved is not None else builds_instance(last_name(value.func) or "")
    return False


# The methods torch's and Lightning's modules define, none of which runs the module.
MODULE_API_METHODS = MODULE_METHODS | LIGHTNING_MODULE_METHODS

# A method whose name says it builds or loads a model (`build_model`, `create_critic`, `make_policy`, `load_model`)
# returns one and runs none; a getter may run one (`agent.get_action(obs)`, `model.get_image_features(x)`).
BUILDING = re.compile(r"(create|build|make|load)_", re.I)


# How many calls deep the body of a method called on `self` is read for a model call (`self.vectorize(obs)`, then the
# `self.parse(text)` it calls).
METHOD_DEPTH = 2


def calls_model_in(
    call: cst.Call,
    callee: str,
    scope: cst.CSTNode,
    index: ModuleIndex,
    known_models: set,
    resolver: Resolver | None,
    input_only: bool = False,
) -> bool:
    """`calls_model`, knowing more where the code shows more.

    A method called on `self` that the scope's class, or a base of it, visibly defines runs no model where no call
    of its body does (`body_runs_model`) and it returns only values made from data (`makes_new_tensors`: ParlAI's
    `self.vectorize(observations)` turns token lists into `torch.LongTensor`s, whatever its name says), or only what
    it is handed (`returns_only_handed`: mammoth's `self.discard_unsupervised_labels(inputs, labels)`, whose value
    carries what its arguments do, which the sources follow). One computing its value from its instance's state too
    (pfrl's ACER `self.compute_loss(values=values, ...)`, the forward run before `update`) stands for the forward as its
    name says, except where its value reaches the loss only as what a forward run after it is handed (`input_only`):
    that is the preparation of the forward's input (efficientvit's `feed_dict = self.before_step(feed_dict)`, whose
    label smoothing and mixup read the trainer's settings, then `self.run_step(feed_dict)` runs the model).

    A method of an object built from classes of the project that are no torch modules runs a model where its body
    does (`self.buffer.get_data(n)` of a replay buffer runs none). A method of an attribute of a model
    (`self.buffer.get_data(n)` where `self` is a model) runs one where that attribute is visibly a torch module; one
    that is not known is no forward by that alone (`calls_model`)."""
    method = own_method(callee, scope, index)
    if method is not None and body_runs_model(*method, known_models, METHOD_DEPTH):
        return True
    if method is not None and (input_only or makes_new_tensors(*method) or returns_only_handed(*method)):
        return False
    func = call.func
    if method is None and resolver is not None and isinstance(func, cst.Attribute):
        built = plain_classes_method_runs_model(func.value, func.attr.value, resolver)
        if built is not None:
            return built
        if modules_method_runs_part(func.value, func.attr.value, resolver):
            return True  # `self.gen.pretrain_loss(inp, target)`: its body runs the generator's parts
        parts = callee.split(".")
        value = resolver.value_of(func.value) if len(parts) > 2 and parts[0] in known_models else None
        if value is not None and builds_module(value, resolver):
            return True  # `self.transformer.wte(idx)`: a torch module of the model's
    return calls_model(
        callee, known_models, index.helper_names, lambda name: index.names_code_elsewhere(name, scope), calls_bound_object(func, resolver)
    )


def plain_classes_method_runs_model(receiver: cst.BaseExpression, name: str, resolver: Resolver) -> bool | None:
    """Whether `receiver.name(...)` runs a model, where the receiver is built from classes of the file or of the
    project each of whose bases is too (`ModuleIndex.own_lineage`: no torch module, no library's base), each with its
    method of that name visible: where a body of theirs does (`body_runs_model`, the models of that class's `self`
    known by their words only). None where one of those is not known (a library's class or base, a torch module
    whose methods run it, a base the project's reading does not follow)."""
    classes = resolver.classes_built(receiver) if isinstance(receiver, (cst.Name, cst.Attribute)) else None
    if classes is None or not all(home.own_lineage(cls) for home, cls in classes):
        return None
    methods = [home.inherited_method(cls, name) for home, cls in classes]
    if any(method is None for method in methods):
        return None
    return any(body_runs_model(*method, set(), METHOD_DEPTH) for method in methods if method is not None)


def modules_method_runs_part(receiver: cst.BaseExpression, name: str, resolver: Resolver) -> bool:
    """Whether `receiver.name(...)` runs a model where the receiver is built from torch modules of the project
    (`self.gen = LeakGANGenerator()`, whatever the attribute's name says) and the body of a method of that name of
    theirs calls a part of its module (`goal = self.manager(inp)`, `body_runs_model`). A body that runs
    none leaves the call to its name (`calls_model`): a module's method may run its parts through what it is not seen
    to call."""
    classes = resolver.classes_built(receiver) if isinstance(receiver, (cst.Name, cst.Attribute)) else None
    if not classes or not all(home.is_torch_module(cls) for home, cls in classes):
        return False
    methods = [home.inherited_method(cls, name) for home, cls in classes]
    return any(body_runs_model(*method, set(), METHOD_DEPTH) for method in methods if method is not None)


def own_method(callee: str, scope: cst.CSTNode, index: ModuleIndex) -> tuple[ModuleIndex, cst.FunctionDef] | None:
    """The method `self.f` of the scope's class, or of a base of it, with its module's index; None for anything else."""
    parts = callee.split(".")
    owner = index.owner_class(scope) if len(parts) == 2 and parts[0] == "self" else None
    return index.inherited_method(owner, parts[1]) if owner is not None else None


def base_method(func: cst.BaseExpression, method: cst.FunctionDef, index: ModuleIndex) -> tuple[ModuleIndex, cst.FunctionDef] | None:
    """`super().name` called in a method of `index`: the method of that name of a base of the method's class, with its
    module's index; None for anything else."""
    if not isinstance(func, cst.Attribute) or not is_super_call(func.value):
        return None
    owner = index.owner_class(method)
    return index.inherited_method(owner, func.attr.value, own=False) if owner is not None else None


def body_runs_model(index: ModuleIndex, method: cst.FunctionDef, known_models: set, depth: int) -> bool:
    """Whether a call of the method's body runs a model (`calls_model`), a method it calls on `self`, or on `super()`
    (`super().training_losses(self._wrap_model(model), *args)`: the base's, which calls the model it is handed), read
    so in turn, `depth` calls deep (past that, its name says)."""
    for call in nodes_of(method.body, cst.Call):
        callee = dotted_name(call.func)
        called = (own_method(callee, method, index) if callee is not None else base_method(call.func, method, index)) if depth > 1 else None
        if called is not None:
            runs = body_runs_model(*called, known_models, depth - 1)
        elif callee is None:
            runs = element_runs_model(call.func, known_models, None)
        else:
            resolver = index.resolver_for(method) if builds_instance(callee.rsplit(".", 1)[-1]) else None  # asked of capitals only
            runs = calls_model(
                callee, known_models, index.helper_names, lambda name: index.names_code_elsewhere(name, method),
                calls_bound_object(call.func, resolver),
            )
        if runs:
            return True
    return False


def runs_model(callee: str, known_models: set) -> bool:
    """Stricter than `calls_model`: the object called is visibly a model (`model(x)`, `self.encoder(x)`,
    `policy.evaluate(s)`, a model an optimizer is built from), not any function of the file."""
    parts = callee.split(".")
    if len(parts) > 1 and parts[-1] in MODULE_PART_METHODS:
        return False  # `model.parameters()`: the model's parts, not its output
    if callee in known_models or ".".join(parts[:-1]) in known_models or parts[-1] in {"forward", "__call__"}:
        return True
    if builds_instance(parts[-1]):
        return False  # building a model (or a `torch.Generator`) is not running one
    return any(MODEL_WORDS.search(part) for part in (parts[1:] if parts[0] == "self" else parts))


def resolved_forwards(events: tuple[Event, ...], namespaces: Mapping[Event | Loop, Namespace], known_models: set) -> frozenset[int]:
    """The assignments whose value calls a model an optimizer is built from, as the resolver of their code names
    the object called (`self.D(real)` in a method whose `__init__` bound `self.D` to its parameter `D`, the model of
    `Adam(D.parameters())`), or as its bindings make it one or a wrapper of one (`model_calls.runs_known_model`:
    `D_aug = self.GAN.D_aug if not self.is_ddp else self.D_aug_ddp`): the written name alone does not say it."""
    found: set[int] = set()
    for event in events:
        namespace = namespaces.get(event)
        value = getattr(event.node, "value", None)
        if not isinstance(event, Assign) or namespace is None or not isinstance(value, cst.BaseExpression):
            continue
        graph = _Graph()
        visit(value, graph)
        if any(runs_known_model(function, namespace.resolver, known_models) for function in graph.functions):
            found.add(event.id)
    return frozenset(found)


# The IR's walks go down with a stack, children pushed last first (program order; no generator per level, each node
# handed up through every level above it).


def ancestors(node: Node) -> Iterator[tuple[int, tuple[Node, ...]]]:
    """Each event with the nodes around it, outermost first."""
    stack: list[tuple[Node, tuple[Node, ...]]] = [(node, ())]
    while stack:
        current, path = stack.pop()
        if isinstance(current, Event):
            yield current.id, path
            continue
        inner = (*path, current)
        stack.extend((child, inner) for child in reversed(children(current)))


def walk(node: Node) -> Iterator[Node]:
    """`node` and every node under it, in program order."""
    stack = [node]
    while stack:
        current = stack.pop()
        yield current
        stack.extend(reversed(children(current)))


def training_loops(node: Node, structure: Structure) -> Iterator[Loop]:
    """The training loops under `node` (itself included), in program order, a loop inside another too."""
    return (found for found in walk(node) if isinstance(found, Loop) and structure.is_training_loop(found))


def outside_loops(node: Node, structure: Structure) -> Iterator[Event]:
    """Events not inside a training loop."""
    stack = [node]
    while stack:
        current = stack.pop()
        if isinstance(current, Event):
            yield current
        elif not (isinstance(current, Loop) and structure.is_training_loop(current)):
            stack.extend(reversed(children(current)))
