"""What `.grad` holds, per optimizer, along every path: the data-flow domain.

For each optimizer (and each model cleared with no visible optimizer) the state
is the set of possible *contents*; a content is a set of tags:

  cur/prev b     gradients of backward b, this iteration / an earlier one, not applied yet
  applied s      gradients already applied by step s and not cleared since
  dirty          maybe gradients, from a backward that feeds another optimizer
  leak b         gradients that backward b, meant for another optimizer, wrote into this one's
                 parameters after this one was cleared in the same iteration: its loss runs through
                 this optimizer's model without `.detach()` (a joint loss meant for both looks the
                 same: no report)
  leaked b       such gradients left from an earlier iteration, or written into an optimizer not
                 cleared since the last iteration began (it clears only after its own step)
  carried        nothing cleared these gradients since the current iteration began
  initial        nothing yet (gradients start as None)
  cleared c      emptied by clear c, whose coverage is known
  foggy          emptied, maybe, by a clear of unknown coverage (never creates a report)
  fogged b       gradients of backward b, of this iteration, were there when a clear of unknown coverage ran:
                 a known clear after it throws them away, if that one did not (until the next backward or step)
  discarded c    clear c threw away this iteration's gradients (until the next backward)
  lost c         clear c threw away unapplied gradients (until the next step)
  scaled         holds GradScaler-scaled gradients not unscaled yet
  unscaled u     scaler.unscale_ u ran for this optimizer since the last update()
  stepped s      scaler.step s ran since the last update()
  fwd a          assignment a ran the forward pass of a loss backwarded into these gradients, and
                 that backward has not run yet
  filled a       a backward feeding this optimizer alone, running visibly through its model, or leaking into
                 it, wrote these gradients after assignment a ran a forward pass into them (a penalty's backward
                 after the forward its objective shares; a generator's loss through the discriminator's scores), and
                 no clear or step took them since
  entry          nothing happened to it since the training loop was entered (not for a loop that only retries)
  caught         an `except` handler ran since the last scaler.update() (unscaled/stepped may predate it)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from functools import cached_property
from typing import Mapping, Union

from zerograd_lint.analysis.interpret.flow import PassThrough, Recorded, joined_by_key
from zerograd_lint.analysis.interpret.locations import Locations, retries_until_success
from zerograd_lint.analysis.ir.nodes import (
    Accumulate,
    AssertedNoGrad,
    Assign,
    Backward,
    Branch,
    Caught,
    Clear,
    Clip,
    Coverage,
    Event,
    GradWrite,
    Guard,
    Loop,
    NewScaler,
    NextElement,
    Put,
    Rebind,
    Step,
    Unscale,
    Update,
    events_in,
)
from zerograd_lint.analysis.ir.roles import plain_index
from zerograd_lint.analysis.ir.structure import Structure


class Mark(str, Enum):
    """A tag's kind (see the module docstring); a tag is `(mark,)` or `(mark, event id)`.

    Hashed and printed as its text, so `"cur"` and `Mark.CUR` are the same set member.
    """

    CUR = "cur"
    PREV = "prev"
    APPLIED = "applied"
    DIRTY = "dirty"
    LEAK = "leak"
    LEAKED = "leaked"
    CARRIED = "carried"
    INITIAL = "initial"
    CLEARED = "cleared"
    FOGGY = "foggy"
    FOGGED = "fogged"
    EMPTIED = "emptied"  # a known clear emptied them, a clear of unknown reach ran since: still empty (ZG103 asks)
    DISCARDED = "discarded"
    LOST = "lost"
    SCALED = "scaled"
    UNSCALED = "unscaled"
    STEPPED = "stepped"
    FWD = "fwd"
    FILLED = "filled"
    ENTRY = "entry"
    CAUGHT = "caught"

    __hash__ = str.__hash__
    __str__ = str.__str__
    __format__ = str.__format__


Tag = Union[tuple[Mark], tuple[Mark, int]]
Content = frozenset[Tag]  # one possible content of `.grad`
GradState = Mapping[str, frozenset]  # optimizer (or "model:" key) -> its possible contents

LIVE = frozenset({Mark.CUR, Mark.PREV, Mark.APPLIED, Mark.DIRTY, Mark.LEAK, Mark.LEAKED})
UNAPPLIED = frozenset({Mark.CUR, Mark.PREV})
HELD = UNAPPLIED | {Mark.APPLIED}  # surely a backward's gradients (`dirty` and a leak may be none)
STAGE = frozenset({Mark.UNSCALED, Mark.STEPPED})
SCALER_STATE = STAGE | {Mark.CAUGHT}  # what scaler.update() resets
SURVIVES_CLEAR = SCALER_STATE | {Mark.LOST}
EMPTY_MARKS = frozenset({Mark.CLEARED, Mark.INITIAL, Mark.FOGGY, Mark.FOGGED, Mark.EMPTIED, Mark.ENTRY})
FORWARD_MARKS = frozenset({Mark.FWD, Mark.FILLED})  # what an iteration's forward passes leave
MAX_CONTENTS = 48
MODEL_PREFIX = "model:"
ACCUMULATION_GUARDS = (Guard.COUNTER, Guard.ACCELERATE)


def has(content: Content, *names: Mark) -> bool:
    return any(tag[0] in names for tag in content)


def ids(content: Content, name: Mark) -> list[int]:
    return sorted(tag[1] for tag in content if tag[0] == name)


def filled(content: Content) -> Content:
    """The `filled` tags a backward writing into these gradients leaves: one for each forward pass run into them."""
    return frozenset((Mark.FILLED, tag[1]) for tag in content if tag[0] == Mark.FWD)


def widened(contents: frozenset[Content]) -> Content:
    """Too many paths, taken as one: what any of them holds, but a forward pass pending only where every path has it
    pending (`fwd` answers "on every path": a forward pending on some paths only, a rollout's step that skips its
    backward, must not become one pending after every backward)."""
    pending = frozenset.intersection(*(keep(content, {Mark.FWD}) for content in contents))
    return drop(frozenset().union(*contents), {Mark.FWD}) | pending


def still_emptied(content: Content) -> Content:
    """The known clears that emptied these gradients, none of any backward since, kept by a clear of unknown reach:
    whatever it reaches, they stay empty. Only ZG103 asks (`Held.only_cleared_by`); the last clear that ran is `foggy`."""
    if has(content, *LIVE):
        return frozenset()
    return frozenset((Mark.EMPTIED, i) for i in ids(content, Mark.CLEARED) + ids(content, Mark.EMPTIED))


def keep(content: Content, names: frozenset[Mark]) -> Content:
    return frozenset(tag for tag in content if tag[0] in names)


def drop(content: Content, names: frozenset[Mark] | set[Mark]) -> Content:
    return frozenset(tag for tag in content if tag[0] not in names)


def clear_coverage(
    clear: Clear | AssertedNoGrad, key: str, optimizers: frozenset[str], models: Mapping[str, frozenset[str]],
    derived: Mapping[str, frozenset[str]] | None = None, containers: Mapping[str, frozenset[str]] | None = None,
    built_from: Mapping[str, frozenset[str] | None] | None = None,
) -> Coverage:
    """How surely a clear empties the gradients tracked under `key` (an assertion that they are None: how surely it
    speaks of them).

    `derived`: optimizers built by a call handed another optimizer (a differentiable copy of it, say).
    `containers`: the key of an element of a container of optimizers -> the optimizers it visibly holds.
    `built_from`: a model -> what its one visible construction's arguments read.
    """
    containers = containers or {}
    target = clear.target
    if key.startswith(MODEL_PREFIX):
        model = key[len(MODEL_PREFIX):]
        covered = {target.key} if target.kind == "model" else models.get(target.key or "", frozenset())
        if model in covered:
            return Coverage.KNOWN
        if target.kind == "unknown" or not covered or any(related(model, other) for other in covered):
            return Coverage.UNKNOWN
        return Coverage.NONE  # another module's clear leaves this one's gradients alone
    if target.kind == "optimizer":
        held = containers.get(target.key or "")
        if target.key == key or element_of(key, target.key or "") or key in (held or ()):
            return Coverage.KNOWN  # a clear in a loop over a container of optimizers clears each element
        if element_of(target.key or "", key) or target.key in containers.get(key, ()):
            return Coverage.UNKNOWN  # one element's clear, and a loop over the container's elements
        if (sibling := sibling_elements(target.key or "", key)) in {Coverage.KNOWN, Coverage.UNKNOWN}:
            return sibling  # the same element spelled otherwise, or maybe it (`optimizers[name]`)
        if held == frozenset() or containers.get(key) == frozenset():
            return Coverage.UNKNOWN  # a container whose contents are not visible may hold the other one
        if derived and (target.key in derived.get(key, ()) or key in derived.get(target.key or "", ())):
            return Coverage.UNKNOWN  # one is built from the other: maybe over the same parameters
        if related(target.key or "", key):
            return Coverage.UNKNOWN  # a wrapper and the optimizer it holds (`wrapper._optimizer`): maybe the same parameters
        theirs, ours = models.get(target.key or ""), models.get(key)
        if theirs and ours:
            return Coverage.KNOWN if theirs == ours else Coverage.UNKNOWN if any(
                related(a, b) for a in theirs for b in ours
            ) else Coverage.NONE
        # Several optimizers: another one's clear leaves this one alone.
        return Coverage.UNKNOWN if len(optimizers) == 1 else Coverage.NONE
    if target.kind == "model" and models.get(key) == frozenset({target.key}):
        return Coverage.KNOWN
    if target.kind == "model" and models.get(key) and belongs_elsewhere(target.key or "", key, models):
        return Coverage.NONE  # `netG.zero_grad()` leaves the optimizer built from netD alone
    if target.kind == "model" and models.get(key) and built_apart(target.key or "", models[key], built_from or {}):
        return Coverage.NONE  # `teacher.zero_grad()` leaves the optimizer built from a student of its own alone
    return Coverage.UNKNOWN


def built_apart(model: str, others: frozenset[str], built_from: Mapping[str, frozenset[str] | None]) -> bool:
    """Each is a module of its own visible construction, neither built from the other nor from anything the other
    is built from: they share no parameters."""
    mine = built_from.get(model)
    if mine is None:
        return False
    for other in others:
        theirs = built_from.get(other)
        if theirs is None or related(model, other) or mine & theirs or reads_model(mine, other) or reads_model(theirs, model):
            return False
    return True


def reads_model(reads: frozenset[str], model: str) -> bool:
    return any(read == model or read.startswith(model + ".") for read in reads)


def members(key: str, optimizers: frozenset[str], containers: Mapping[str, frozenset[str]]) -> list[str]:
    """The optimizers an event on `key` reaches: itself and, for a container's element in a loop over it
    (`for opt in optimizers: opt.step()`), each element the function names (`optimizers["gen"]`) or the
    container visibly holds (`optimizers = [opt_g, opt_d]`)."""
    held = containers.get(key, frozenset())
    return [key] + sorted(other for other in optimizers if other != key and (element_of(other, key) or other in held))


def sibling_elements(first: str, second: str) -> Coverage | None:
    """Two subscripts of one container (`optimizers["student"]`, `optimizers[name]`): the same element where their
    literal indices agree, others where they differ, maybe the same where one is no literal. None: not siblings."""
    parts = [subscript_parts(key) for key in (first, second)]
    if parts[0] is None or parts[1] is None or parts[0][0] != parts[1][0]:
        return None
    indices = [plain_index(index) for _, index in parts]  # type: ignore[index]
    if indices[0] is None or indices[1] is None:
        return Coverage.UNKNOWN
    return Coverage.KNOWN if indices[0] == indices[1] else Coverage.NONE


def subscript_parts(key: str) -> tuple[str, str] | None:
    """`optimizers["student"]` -> (`optimizers`, `"student"`)."""
    opening = key.rfind("[")
    return (key[:opening], key[opening + 1 : -1]) if opening > 0 and key.endswith("]") else None


def element_of(key: str, container: str) -> bool:
    """`optimizers["gen"]` is an element of `optimizers`, the key of `opt` in `for opt in optimizers.values():`."""
    return key.startswith(container + "[") and key.endswith("]")


def related(a: str, b: str) -> bool:
    """The same module, or one part of the other."""
    return a == b or a.startswith(b + ".") or b.startswith(a + ".")


def belongs_elsewhere(model: str, key: str, models: Mapping[str, frozenset[str]]) -> bool:
    """The model is another optimizer's, and unrelated (neither part nor whole) to this one's models."""
    theirs = any(model in group for other, group in models.items() if other != key)
    return theirs and not any(related(model, own) for own in models[key])


@dataclass
class AssociationDomain(PassThrough):
    """Which optimizers each backward and clip feeds: those whose step comes next.

    A state item is (event id, stepped, cleared since): once a step used a
    backward, later steps of other optimizers (`loss.backward(); opt_a.step();
    opt_b.step()`) use it too, unless their optimizer was cleared in between, a
    loop ended in between (a helper's inner loop stepping its own optimizer), or
    the loss visibly runs through other optimizers' models and not theirs.
    """

    models: Mapping[str, frozenset[str]]
    written: Mapping[int, frozenset[str]] = field(default_factory=dict)  # backward id -> optimizers its loss runs through
    association: dict[int, set[str]] = field(default_factory=dict)

    def transfer(self, event: Event, state: frozenset) -> frozenset:
        if isinstance(event, Backward):
            if any(stepped for _, stepped, _ in state):
                state = frozenset(item for item in state if not item[1])
            return state | {(event.id, False, frozenset())}
        if isinstance(event, Step):
            for event_id, stepped, cleared in state:
                if not (stepped and (event.optimizer in cleared or self.misses(event_id, event.optimizer))):
                    self.association.setdefault(event_id, set()).add(event.optimizer)
            return frozenset((event_id, True, cleared) for event_id, _, cleared in state)
        if isinstance(event, Clip):  # a clip belongs to the step that follows it, like a backward
            return state | {(event.id, False, frozenset())}
        if isinstance(event, Clear):
            emptied = self.emptied_by(event)
            return frozenset((i, stepped, cleared | emptied if stepped else cleared) for i, stepped, cleared in state)
        return state

    def misses(self, backward: int, optimizer: str) -> bool:
        """The backward's loss visibly runs through some optimizers' models, and not this one's."""
        written = self.written.get(backward)
        return bool(written) and optimizer not in written and bool(self.models.get(optimizer))

    def emptied_by(self, clear: Clear) -> frozenset[str]:
        if clear.target.kind == "optimizer" and clear.target.key:
            return frozenset({clear.target.key})
        if clear.target.kind == "model":
            return frozenset(key for key, group in self.models.items() if group == frozenset({clear.target.key}))
        return frozenset()

    def join(self, first: frozenset, second: frozenset) -> frozenset:
        return first | second

    def leave_loop(self, loop: Loop, state: frozenset) -> frozenset:
        return frozenset(item for item in state if not item[1])


@dataclass
class GradientDomain(PassThrough):
    optimizers: frozenset[str]
    model_keys: frozenset[str]
    models: Mapping[str, frozenset[str]]  # optimizer -> the one model it is visibly built from
    association: Mapping[int, set[str]]
    forward: Mapping[int, frozenset[int]]  # assignment (or put) running a forward pass -> the backwards whose loss it feeds
    structure: Structure
    locations: Locations  # where each event sits
    leaks: Mapping[int, frozenset[str]] = field(default_factory=dict)  # backward id -> optimizers it leaks into
    runs_through: Mapping[int, frozenset[str]] = field(default_factory=dict)  # backward id -> optimizers whose model its loss runs through
    derived: Mapping[str, frozenset[str]] = field(default_factory=dict)  # optimizer -> optimizers it is built from
    containers: Mapping[str, frozenset[str]] = field(default_factory=dict)  # see `clear_coverage`
    built_from: Mapping[str, frozenset[str] | None] = field(default_factory=dict)  # see `clear_coverage`
    apart: Mapping[int, frozenset[str]] = field(default_factory=dict)  # forward pass id -> optimizers it cannot reach
    recorded: Recorded[GradState] = field(init=False, default_factory=Recorded)
    loop_forwards: dict[int, frozenset[int]] = field(init=False, default_factory=dict)  # id(loop) -> `forwards_in`
    loop_keys: dict[int, list[str]] = field(init=False, default_factory=dict)  # id(loop) -> `iterated`
    # Each content made once: `apply` hands back the one already made for equal tags. A join's subset test and union
    # then meet the same objects on both paths (identity, not a comparison of their tags).
    contents_made: dict[Content, Content] = field(init=False, default_factory=dict)

    def initial(self) -> dict[str, frozenset]:
        start = frozenset({frozenset({(Mark.INITIAL,)})})
        return {key: start for key in self.keys}

    @property
    def keys(self) -> list[str]:
        return sorted(self.optimizers) + sorted(MODEL_PREFIX + m for m in self.model_keys)

    # Questions ---------------------------------------------------------------

    def coverage(self, clear: Clear | AssertedNoGrad, key: str) -> Coverage:
        return clear_coverage(clear, key, self.optimizers, self.models, self.derived, self.containers, self.built_from)

    def fed_by(self, event: Event) -> set[str]:
        fed = self.association.get(event.id)
        return {member for key in fed for member in self.members(key)} if fed else set(self.optimizers)

    def members(self, key: str) -> list[str]:
        return members(key, self.optimizers, self.containers)

    # Domain ------------------------------------------------------------------

    def record(self, event: Event, state: GradState, guessed: bool) -> None:
        self.recorded.add(event, state, guessed, self.join)

    def record_alike(self, event: Event, first: Event) -> None:
        self.recorded.add_alike(event, first)

    def inert(self, event: Event) -> bool:
        """A rebinding, and an assignment that runs no forward pass: `transfer` leaves them as they are."""
        return isinstance(event, Rebind) or (isinstance(event, (Assign, Accumulate, Put)) and event.id not in self.forward)

    def transfer(self, event: Event, state: GradState) -> GradState:
        if isinstance(event, Backward):
            return self.backward(event, state)
        if isinstance(event, Clear):
            return self.clear(event, state)
        if isinstance(event, Step):
            return self.step(event, state)
        if isinstance(event, Unscale):
            # A `scaler.step` with no `update()` since stays on record: the next step raises for it (ZG404).
            return self.apply(state, self.members(event.optimizer), lambda c: drop(c, {Mark.UNSCALED, Mark.SCALED}) | {(Mark.UNSCALED, event.id)})
        if isinstance(event, NextElement):
            # What earlier passes of this loop unscaled or stepped was another optimizer.
            return self.apply(state, self.members(event.key), lambda c: frozenset(t for t in c if not (t[0] in STAGE and t[1] in event.inside)))
        if isinstance(event, AssertedNoGrad):
            return self.asserted(event, state)
        if isinstance(event, GradWrite):
            return self.apply(state, self.keys, lambda c: drop(c, EMPTY_MARKS | FORWARD_MARKS | {Mark.DISCARDED}) | {(Mark.DIRTY,)})
        if isinstance(event, (Update, NewScaler)):
            return self.apply(state, self.optimizers, lambda c: drop(c, SCALER_STATE))
        if isinstance(event, Caught):
            return self.apply(state, self.keys, lambda c: c | {(Mark.CAUGHT,)})
        if isinstance(event, (Assign, Accumulate, Put)) and event.id in self.forward:
            return self.apply(state, self.forwarded(event), lambda c: c | {(Mark.FWD, event.id)})
        return state

    def asserted(self, event: AssertedNoGrad, state: GradState) -> GradState:
        """The paths on which the asserted parameters surely hold a backward's gradients, applied or not, end at the
        assertion (it raises there); those that may hold none go on."""
        known = {key for key in self.keys if self.coverage(event, key) is Coverage.KNOWN}
        return {
            key: frozenset(c for c in contents if not has(c, *HELD)) if key in known else contents
            for key, contents in state.items()
        }

    def forwarded(self, assign: Assign | Accumulate | Put) -> list[str]:
        """The gradients a forward pass is computed for: those its backwards feed, a container's whose element one of
        them is (the key of `opt` in `for opt in optims.values(): opt.zero_grad()` stands for each element), those
        of another optimizer built over the same model (an LBFGS beside an Adam), and models: cleared by hand, or
        one of several an optimizer is built from, as that optimizer is."""
        fed = {key for backward in self.forward[assign.id] for key in self.association.get(backward) or self.optimizers}
        fed -= self.apart.get(assign.id, frozenset())  # another network's forward: none of these parameters run in it
        shared = {model for key in fed for model in self.models.get(key, ())}
        return [
            key for key in self.keys
            if key in fed or not fed.isdisjoint(self.members(key))
            or any(related(model, other) for model in self.models.get(key, ()) for other in shared)
            or (key.startswith(MODEL_PREFIX) and self.model_fed(key[len(MODEL_PREFIX):], fed, shared, assign))
        ]

    def model_fed(self, model: str, fed: set[str], shared: set[str], assign: Assign | Accumulate | Put) -> bool:
        """Whether a forward whose backwards feed `fed` is computed for this model's gradients: where it runs the
        model itself (a GAN's generator loss through `D(fake)`: its backward fills D's gradients too), or unless the
        model is only of this root's optimizers that those backwards do not feed (a GAN's discriminators, one optimizer
        over both, beside the generator's forward), as those optimizers' own keys answer."""
        if isinstance(assign, Assign) and model in assign.callees:
            return True
        owners = [key for key in self.optimizers if model in self.models.get(key, ())]
        return not owners or not fed.isdisjoint(owners) or any(related(model, other) for other in shared)

    @cached_property
    def consumed(self) -> dict[int, frozenset[tuple]]:
        """Backward id -> the `fwd` tags it consumes: those of the forward passes its loss is computed from."""
        found: dict[int, set[tuple]] = {}
        for assign, backwards in self.forward.items():
            for backward in backwards:
                found.setdefault(backward, set()).add((Mark.FWD, assign))
        return {backward: frozenset(tags) for backward, tags in found.items()}

    def apply(self, state: GradState, keys, change) -> GradState:
        updated, made = dict(state), self.contents_made.setdefault
        for key in keys:
            if key in updated:
                contents = frozenset(made(new, new) for new in map(change, updated[key]))
                updated[key] = contents if len(contents) <= MAX_CONTENTS else frozenset({widened(contents)})
        return updated

    def backward(self, event: Backward, state: GradState) -> GradState:
        fed = self.fed_by(event)
        arrived = {(Mark.CUR, event.id)} | ({(Mark.SCALED,)} if event.scaled else set())
        done = self.consumed.get(event.id, frozenset())
        # It surely fills what it feeds: the one optimizer whose step uses it, or one whose model its loss visibly runs
        # through (FactorVAE's loss through the discriminator's scores, both optimizers stepped after the
        # discriminator's own backward). Another of several it feeds is a may (a dict's optimizers, one of them
        # behind a `.detach()`).
        known = len(self.association.get(event.id) or ()) == 1
        filling = {key for key in fed if known or key in self.runs_through.get(event.id, frozenset())}

        def arrive(content: Content, filling: bool) -> Content:
            return drop(content, EMPTY_MARKS | {Mark.DISCARDED}) - done | arrived | (filled(content) if filling else frozenset())

        state = self.apply(state, filling, lambda c: arrive(c, True))
        state = self.apply(state, fed - filling, lambda c: arrive(c, False))
        if event.distributed:
            return state  # the context's gradients: no parameter's `.grad` changes
        leaked = self.leaks.get(event.id, frozenset())

        def leak(content: Content) -> Content:
            intended = has(content, Mark.CLEARED, Mark.FOGGY) and not has(content, Mark.CARRIED)  # cleared for this iteration's backwards
            # a leak after a forward pass fills these gradients as a backward of theirs would: a clear after it is
            # placed where it must be (clustergan: the generator's loss through the discriminator's scores)
            return drop(content, EMPTY_MARKS) - done | {(Mark.LEAK if intended else Mark.LEAKED, event.id)} | filled(content)

        state = self.apply(state, leaked, leak)
        others = [key for key in self.keys if key not in fed and key not in leaked]
        return self.apply(state, others, lambda c: drop(c, EMPTY_MARKS) - done | {(Mark.DIRTY,)})

    def clear(self, event: Clear, state: GradState) -> GradState:
        accumulating = self.locations.events[event.id].guard in ACCUMULATION_GUARDS
        updated = dict(state)
        for key in self.keys:
            coverage = self.coverage(event, key)
            if coverage is Coverage.NONE:
                continue

            def cleared(content: Content, coverage: Coverage = coverage) -> Content:
                kept = keep(content, SURVIVES_CLEAR | {Mark.FWD})  # the forward's backward has still to run
                # `model.zero_grad(); optimizer.zero_grad()` after the backward: whichever clear covers the
                # optimizer threw its gradients away, so the known one reports it.
                fogged = {(Mark.FOGGED, i) for i in ids(content, Mark.CUR) + ids(content, Mark.FOGGED)}
                if coverage is Coverage.UNKNOWN:
                    return kept | {(Mark.FOGGY,)} | fogged | still_emptied(content)
                marks = {(Mark.CLEARED, event.id)}
                if fogged:
                    marks.add((Mark.DISCARDED, event.id))
                if has(content, *UNAPPLIED) and not accumulating:
                    marks.add((Mark.LOST, event.id))
                return kept | marks

            updated = self.apply(updated, [key], cleared)
        return updated

    def step(self, event: Step, state: GradState) -> GradState:
        def stepped(content: Content) -> Content:
            if event.settles_scaling:  # nothing of a GradScaler is pending, or scaled: disabled on XLA, or the library's
                content = drop(content, SCALER_STATE | {Mark.SCALED})
            stage = keep(content, {Mark.CAUGHT}) | ({(Mark.STEPPED, event.id)} if event.via_scaler else keep(content, STAGE))
            if has(content, *LIVE):
                return stage | keep(content, {Mark.FWD}) | {(Mark.APPLIED, event.id)}
            return drop(content, STAGE | {Mark.LOST, Mark.DISCARDED, Mark.FOGGED, Mark.SCALED, Mark.ENTRY}) | stage

        return self.apply(state, self.members(event.optimizer), stepped)

    def join(self, first: GradState, second: GradState) -> GradState:
        return joined_by_key(first, second)

    def absent(self, state: GradState, keys: frozenset[str]) -> GradState:
        """Optimizers that are None on this path (a test said so) hold no gradients: `apply` leaves out a key the state
        lacks, so no event of this path gives them any. A container's element tested None (`for opt in optimizers:
        if opt is not None: opt.zero_grad()`) stands for each optimizer it holds, as its clear and step do."""
        gone = {member for key in keys for member in self.members(key)}
        return {key: contents for key, contents in state.items() if key not in gone}

    def enter_loop(self, loop: Loop, state: GradState) -> GradState:
        """Gradients of a backward before the loop are, for its iterations, from an earlier one. ZG103 leaves out the
        paths from the entry (across the back edge a clear at the top always finds the bottom one's work), but not
        for a loop that comes round only to retry a failed pass: there the entry is the path every batch takes."""
        retry = retries_until_success(loop)

        def enter(content: Content) -> Content:
            entered = frozenset((Mark.PREV, tag[1]) if tag[0] == Mark.CUR else tag for tag in content if tag[0] != Mark.FOGGED)
            return entered if retry else entered | {(Mark.ENTRY,)}

        return self.apply(state, self.iterated(loop), enter)

    def iterated(self, loop: Loop) -> list[str]:
        """The keys whose gradients the loop's passes take one by one. In a training loop nested in another, an
        optimizer that only the outer one steps is left as it is: the inner passes are micro-batches of its one step
        (DARTS's search: the architecture's own step in the network's micro-batch loop)."""
        if id(loop) not in self.loop_keys:
            outer = self.locations.enclosing.get(id(loop))
            stepped, outside = self.stepped_in(loop), self.stepped_in(outer) if outer is not None else frozenset()
            self.loop_keys[id(loop)] = [key for key in self.keys if key in stepped or key not in outside]
        return self.loop_keys[id(loop)]

    def stepped_in(self, loop: Loop) -> frozenset[str]:
        """The optimizers the loop's body steps, helpers and inner loops included."""
        return frozenset(member for e in events_in(loop.body) if isinstance(e, Step) for member in self.members(e.optimizer))

    def repeat(self, loop: Loop, state: GradState) -> GradState:
        """A loop over a collection of optimizers whose passes write only their own optimizer's gradients
        (`NextElement.found_as_entered`): the next pass's optimizer holds what the loop found, so nothing of this pass
        goes back to the head for it (the head joins the loop's entry)."""
        fresh = {key for e in loop.body.items if isinstance(e, NextElement) and e.found_as_entered for key in self.members(e.key)}
        return {key: frozenset() if key in fresh else contents for key, contents in state.items()} if fresh else state

    def back_edge(self, loop: Loop, state: GradState) -> GradState:
        """What one pass leaves the next: its forward passes are the next pass's to run again, but one run before the
        loop and not consumed by a backward of it is still pending (rlkit's AWAC: the policy's forward, a loop
        retraining the buffer policy, then the policy's clear and backward)."""
        rerun = self.forwards_in(loop)

        def age(content: Content) -> Content:
            older = {Mark.CUR: Mark.PREV, Mark.LEAK: Mark.LEAKED}
            aged = frozenset(
                (older[tag[0]], tag[1]) if tag[0] in older else tag for tag in content
                if tag[0] not in {Mark.FILLED, Mark.ENTRY, Mark.FOGGED} and not (tag[0] == Mark.FWD and tag[1] in rerun)
            )
            return aged | {(Mark.CARRIED,)}

        return self.apply(state, self.iterated(loop), age)

    def forwards_in(self, loop: Loop) -> frozenset[int]:
        """The forward passes the loop's body runs."""
        if id(loop) not in self.loop_forwards:
            self.loop_forwards[id(loop)] = frozenset(event.id for event in events_in(loop.body) if event.id in self.forward)
        return self.loop_forwards[id(loop)]

    def arms_changed(self, branch: Branch) -> bool:
        """A clear under an accumulation guard, with no step in its arm: `after_branch` fogs the skipped arm's."""
        if self.locations.guard(branch, self.structure) not in ACCUMULATION_GUARDS:
            return False
        arm_kinds = self.structure.kinds(branch.then)
        return Clear in arm_kinds and Step not in arm_kinds

    def after_branch(self, branch: Branch, then, orelse):
        """`if step % n == 0: opt.zero_grad()`: the skipped path is correlated with the step's guard,
        for optimizers that the loop steps only under a condition (`if step % 100 == 0: opt.zero_grad()`
        before a step every iteration is a clear that is mostly missing)."""
        if then is None or orelse is None or not self.arms_changed(branch):
            return then, orelse
        loop = self.locations.loops[id(branch)]
        stepped_always = self.structure.unguarded_steps(loop.body, loop) if loop is not None else frozenset()
        emptied = [key for key in self.keys if key not in stepped_always and not any(has(c, *LIVE) for c in then.get(key, ()))]
        return then, self.apply(orelse, emptied, lambda c: keep(c, SURVIVES_CLEAR) | {(Mark.FOGGY,)})
