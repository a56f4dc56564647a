"""Can `p.grad` be None where it is read? ZG301's question; a read where the file shows no None is ZG302's.

`.grad` is None before the first backward reaches a parameter, after a clear
with set_to_none (the default since PyTorch 2.0) until the next backward, for
a frozen parameter, and for one its model's forward skipped. The first three
are facts about paths: a small domain for the flow interpreter (flow.py), run
over the lifecycle IR built with reads and freezes. The last is a fact about
the model's class (no_grad_parts.py), reached through what built the model.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Callable, Iterator, Mapping

from zerograd_lint.analysis.interpret.flow import Correlated, CorrelationPlan, Interpreter, PassThrough, Recorded
from zerograd_lint.analysis.interpret.gradients import related
from zerograd_lint.analysis.ir.nodes import (
    Backward,
    Block,
    Clear,
    ClearTarget,
    Event,
    Freeze,
    GradAccess,
    GradWrite,
    NextElement,
    NextParameter,
    Step,
    Unscale,
    events_in,
)
from zerograd_lint.analysis.ir.structure import Structure
from zerograd_lint.analysis.questions.no_grad_parts import ModuleClass

# One path's history: (no backward yet, set_to_none clears since the last backward, freezes in force). A freeze
# is (event id, what it froze, the parts of that unfrozen again since).
Path = tuple
CLASS_DEPTH = 3


@dataclass
class ReadDomain(PassThrough):
    """What each `.grad` read may follow, per path."""

    recorded: Recorded[frozenset] = field(init=False, default_factory=Recorded)
    # Each optimizer's clear seen (event id -> the optimizer's key): a loop over optimizers' next pass is another's.
    optimizer_clears: dict[int, str] = field(init=False, default_factory=dict)

    def record(self, event: Event, state: frozenset, guessed: bool) -> None:
        if isinstance(event, GradAccess):
            self.recorded.add(event, state, guessed, self.join)

    def transfer(self, event: Event, state: frozenset) -> frozenset:
        if isinstance(event, (Backward, GradWrite)):  # gradients everywhere, as far as anyone can tell
            return frozenset((False, frozenset(), freezes) for _, _, freezes in state)
        if isinstance(event, Clear) and event.set_to_none is not False and event.target.kind in {"model", "optimizer"}:
            if event.target.kind == "optimizer":
                self.optimizer_clears[event.id] = event.target.key
            return frozenset((start, clears | {event.id}, freezes) for start, clears, freezes in state)
        if isinstance(event, NextElement):  # `for opt in optimizers:`: an earlier pass's `opt.zero_grad()` was another's
            other = frozenset(i for i in event.inside if self.optimizer_clears.get(i) == event.key)
            return frozenset((start, clears - other, freezes) for start, clears, freezes in state)
        if isinstance(event, NextParameter):
            return frozenset((start, clears - event.cleared, freezes) for start, clears, freezes in state)
        if isinstance(event, Freeze) and event.key is not None:
            if event.frozen:
                return frozenset((start, clears, freezes | {(event.id, event.key, frozenset())}) for start, clears, freezes in state)
            return frozenset((start, clears, thaw(freezes, event.key)) for start, clears, freezes in state)
        return state

    def join(self, first: frozenset, second: frozenset) -> frozenset:
        return first | second


@dataclass(frozen=True)
class ReadFacts:
    """The reads of one function (or the module body), helpers inlined, and what may precede each."""

    events: tuple[Event, ...]
    before: Mapping[int, frozenset]
    models: Mapping[str, frozenset[str]]  # optimizer -> the one model it is visibly built from
    names: Mapping[int, tuple[str, ...]]  # container number -> its `name.grad` names, in order (see GradRead)
    trusted_before: Mapping[int, frozenset] | None = None  # `before` on the valuations that are no guess (`Recorded`)
    own_only: bool = False  # a base's method run for a subclass of the file: only the file's reads are its own

    def trusted(self) -> ReadFacts:
        """These facts as the paths that rest on no guess show them (`flow.Doubt`); themselves where none does."""
        return self if self.trusted_before is None else replace(self, before=self.trusted_before, trusted_before=None)

    @cached_property
    def optimizers(self) -> frozenset[str]:
        """The optimizers this code clears, steps or unscales."""
        found = {e.optimizer for e in self.events if isinstance(e, (Step, Unscale))}
        return frozenset(found | {e.target.key for e in self.events if isinstance(e, Clear) and e.target.kind == "optimizer"})

    def reads(self) -> Iterator[GradAccess]:
        return (e for e in self.events if isinstance(e, GradAccess) and e.id in self.before)


def analyse_reads(
    block: Block, models: Mapping[str, frozenset[str]], names: Mapping[int, tuple[str, ...]], run_by_a_base: bool = False
) -> ReadFacts | None:
    """`run_by_a_base`: the block is an override a base's code calls (`facts.run_by_a_base`), entered as that code
    leaves the gradients."""
    events = tuple(events_in(block))
    if not any(isinstance(e, GradAccess) for e in events):
        return None
    domain = ReadDomain()
    structure = Structure()
    correlated = Correlated(domain, CorrelationPlan.of(block, structure))
    # Where the backward is in view, gradients start as None; elsewhere (or in a hook) the caller may have run one.
    start = frozenset({(not run_by_a_base and any(isinstance(e, Backward) for e in events), frozenset(), frozenset())})
    Interpreter(correlated, structure).run(block, correlated.start(start))
    return ReadFacts(events, domain.recorded.before, models, names, domain.recorded.trusted())


@dataclass(frozen=True)
class NoneEvidence:
    """Why a read can meet a None: an event on the way, or a part of the model's class."""

    kind: str  # "cleared", "before-backward", "frozen", "unused"
    event: Event | None = None  # the clear, the backward still to come, the freeze
    owner: str = ""  # the class, for "unused" and a class's own "frozen"
    part: str = ""  # its attribute ("" for the whole model)
    line: int = 0  # where the class builds or freezes it


def evidence_for(
    facts: ReadFacts, read: GradAccess, grad_required: bool, classes: Callable[[], Mapping[str, ModuleClass]],
    writes_grads: Callable[[], bool],
) -> NoneEvidence | None:
    """The first reason this read can meet a None, or None when the file shows none.

    "Before the first backward" needs the file not to allocate gradients by hand somewhere else
    (`p.grad = torch.zeros_like(p)`): gradients then start as None. `classes` and `writes_grads` are asked only where
    the reason needs them (each a walk of the file's tree).
    """
    read_models = models_of(read.target, facts.models)
    paths = sorted(facts.before[read.id], key=repr)
    clears = {i for _, cleared, _ in paths for i in cleared}
    events = {e.id: e for e in facts.events}
    for clear_id in sorted(clears):
        clear = events[clear_id]
        if isinstance(clear, Clear) and reaches(clear.target, read.target, read_models, facts.models, facts.optimizers):
            return NoneEvidence("cleared", clear)
    if any(start for start, _, _ in paths) and not writes_grads():
        position = facts.events.index(read)
        later = next((e for e in facts.events[position + 1 :] if isinstance(e, Backward)), None)
        if later is not None:
            return NoneEvidence("before-backward", later)
    if not grad_required:
        for freeze_id, key, thawed in sorted({f for _, _, frozen in paths for f in frozen}):
            if any(related(key, m) and not any(within(m, part) for part in thawed) for m in read_models):
                return NoneEvidence("frozen", events[freeze_id])
    if read.origin is not None:
        return class_evidence(classes(), read.origin[0], read.origin[1], grad_required)
    return None


def within(part: str, whole: str) -> bool:
    return part == whole or part.startswith((whole + ".", whole + "["))


def thaw(freezes: frozenset, key: str) -> frozenset:
    """`key.requires_grad_(True)`: freezes inside it end; a freeze of something larger keeps the rest frozen."""
    return frozenset(
        (i, frozen, thawed | {key} if within(key, frozen) else thawed) for i, frozen, thawed in freezes if not within(frozen, key)
    )


def models_of(target: ClearTarget, models: Mapping[str, frozenset[str]]) -> frozenset[str]:
    if target.kind == "model" and target.key:
        return frozenset({target.key})
    if target.kind == "optimizer" and target.key:
        return models.get(target.key, frozenset())
    return frozenset()


def reaches(
    clear: ClearTarget, read: ClearTarget, read_models: frozenset[str], models: Mapping[str, frozenset[str]], optimizers: frozenset[str]
) -> bool:
    """Whether a clear is known to empty (some of) the parameters read.

    An optimizer whose parameters are not visible counts when it is the only one the code uses: one model
    trained by one optimizer. Among several optimizers, an unknown one never counts.
    """
    if clear.kind == "optimizer":
        if read.kind == "optimizer" and read.key == clear.key:
            return True
        cleared = models.get(clear.key or "", frozenset())
        if not cleared:
            return optimizers == {clear.key} and read.kind != "unknown"
        return any(related(m, r) for m in cleared for r in read_models)
    if clear.kind == "model":
        return any(related(clear.key or "", r) for r in read_models)
    return False


def class_evidence(
    classes: Mapping[str, ModuleClass], constructor: str | None, path: tuple[str, ...], grad_required: bool,
    frozen_only: bool = False, depth: int = 0,
) -> NoneEvidence | None:
    """Parameters of a class of this file (built as `constructor`, then `path` taken from it) that get no gradient."""
    cls = classes.get(constructor or "") if constructor and "." not in constructor else None
    if cls is None or depth > CLASS_DEPTH:
        return None
    if path:
        head, rest = path[0], path[1:]
        if head in cls.unused and not frozen_only:
            return NoneEvidence("unused", owner=cls.name, part=head, line=cls.unused[head])
        for part in (head, ""):
            if part in cls.frozen and not grad_required and head not in cls.thawed:
                return NoneEvidence("frozen", owner=cls.name, part=part, line=cls.frozen[part])
        return class_evidence(classes, cls.submodules.get(head), rest, grad_required, frozen_only, depth + 1)
    if cls.unused and not frozen_only:
        part, line = min(cls.unused.items(), key=lambda item: item[1])
        return NoneEvidence("unused", owner=cls.name, part=part, line=line)
    if cls.frozen and not grad_required:
        part, line = min(cls.frozen.items(), key=lambda item: item[1])
        return NoneEvidence("frozen", owner=cls.name, part=part, line=line)
    for submodule in cls.submodules.values():  # a part frozen inside a part; how parts are called is not followed
        found = class_evidence(classes, submodule, (), grad_required, True, depth + 1)
        if found is not None:
            return found
    return None
