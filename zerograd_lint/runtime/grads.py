"""What each watched `.grad` holds: one state per cohort of parameters with equal histories (pure: no torch here).

A training step acts on every parameter of an optimizer alike (its clear, the
backward reaching them all, its clip and step), so their states stay equal:
they share one `GradState`, and an event costs the same for 6 parameters or
600. An event on only part of a cohort (one parameter's `p.grad = None`, a
frozen layer the backward skips) splits it first; states that become equal
again merge after the event. Finding the cohorts of an event's parameters uses
C-level maps only, never a Python step per parameter.
"""

from __future__ import annotations

import dataclasses
import operator
from collections import Counter
from collections.abc import Hashable, Iterable
from dataclasses import dataclass, field
from typing import Any, Callable

from zerograd_lint.runtime.sites import Site


@dataclass(frozen=True)
class Discarded:
    """Unapplied gradients a clear threw away: where their backwards ran."""

    backwards: frozenset[Site]
    unsynchronised: bool  # a backward of DDP's no_sync(): accumulation declared by the code itself


@dataclass(eq=False)
class GradState:
    """What the `.grad` of each parameter of a cohort holds, as far as the lifecycle is concerned.

    Compared by identity (a cohort is one object): a generated `__eq__` would be a Python call per
    parameter wherever a list of them is searched (`found.count(None)`). Equal histories: `value()`.
    """

    pristine: bool = True  # no backward has reached it yet: a clear here is not a double clear
    iterations: set[int] = field(default_factory=set)  # iterations whose backwards it holds; empty: clear
    scaled: bool = False  # holds gradients of a GradScaler-scaled backward
    unscaled: bool = False  # ... that unscale_ has since divided back
    applied_by: Site | None = None  # the step that already applied what it holds
    stale: bool = False  # everything it holds was applied by that step, nothing arrived since
    emptied_by: Site | None = None  # the clear that last threw gradients away (None: not observed)
    emptied_iteration: int | None = None  # the iteration whose unapplied gradients that clear threw away
    emptied_accumulation: bool = False  # that clear ended an accumulation (gradients of several iterations)
    cleared_by: Site | None = None  # the last clear that covered it, with or without work
    cleared_at: int = 0  # the lifecycle's clock at that clear
    discarded: dict[Site, Discarded] = field(default_factory=dict)  # per clear, since the last step applied it
    window_clears: dict[Site, int] = field(default_factory=dict)  # how often each clear ran since then
    members: int = 1  # the parameters that share it

    def value(self) -> tuple[Any, ...]:
        """Everything but `members`, hashable: equal values merge."""
        return tuple(frozen(getattr(self, name)) for name in VALUE_FIELDS)

    def split(self, members: int) -> GradState:
        """A copy for `members` of its parameters, which leave this cohort."""
        self.members -= members
        return dataclasses.replace(
            self, iterations=set(self.iterations), discarded=dict(self.discarded),
            window_clears=dict(self.window_clears), members=members,
        )


MEMBERS = operator.attrgetter("members")
VALUE_FIELDS = tuple(f.name for f in dataclasses.fields(GradState) if f.name != "members")


def frozen(value: Any) -> Any:
    if isinstance(value, set):
        return frozenset(value)
    if isinstance(value, dict):
        return frozenset(value.items())
    return value


class GradStates:
    """Parameter key -> the state of its cohort.

    An optimizer's events name the same parameters step after step, and their cohorts change only when
    an event splits or merges them: the cohorts of a list of keys are kept until one does (`_known`), so
    a plain step finds them with a tuple's hash, not a pass over its parameters per event.
    """

    def __init__(self) -> None:
        self._of: dict[Hashable, GradState] = {}
        self._known: dict[tuple[Hashable, ...], tuple[list[GradState], bool]] = {}  # keys -> cohorts, whole

    def add(self, key: Hashable) -> GradState | None:
        """A new parameter, in a cohort of its own (None: already known)."""
        if key in self._of:
            return None
        self._known.clear()
        state = self._of[key] = GradState()
        return state

    def remove(self, key: Hashable) -> None:
        state = self._of.pop(key, None)
        if state is not None:
            self._known.clear()
            state.members -= 1

    def of(self, keys: Iterable[Hashable]) -> list[GradState]:
        """The states of these parameters, each once, to read."""
        return list(self._cohorts(tuple(keys))[0])

    def own(self, keys: Iterable[Hashable], which: Callable[[GradState], Any] | None = None) -> list[GradState]:
        """The states of these parameters (those `which` selects), each once, to change: a cohort the
        parameters are only part of is split first, so the change is theirs alone."""
        keys = tuple(keys)
        cohorts, whole = self._cohorts(keys)
        states = list(cohorts) if which is None else list(filter(which, cohorts))
        if not states or whole:
            return states  # (the usual step covers whole cohorts: nothing to split)
        self._known.clear()
        named = list(dict.fromkeys(keys))
        found = list(map(self._of.get, named))
        counts = Counter(map(id, found))
        partial = {id(state): state.split(counts[id(state)]) for state in states if counts[id(state)] < state.members}
        for key, state in zip(named, found):
            copy = partial.get(id(state))
            if copy is not None:
                self._of[key] = copy
        return [partial.get(id(state), state) for state in states]

    def _cohorts(self, keys: tuple[Hashable, ...]) -> tuple[list[GradState], bool]:
        """The states of these parameters, each once, in order, and whether no other parameter shares them
        (a parameter named twice is one; C-level maps: no Python step per parameter)."""
        known = self._known.get(keys)
        if known is None:
            found = list(map(self._of.get, dict.fromkeys(keys)))
            unique = dict.fromkeys(found)  # (compared by identity)
            unique.pop(None, None)
            cohorts = list(unique)  # type: ignore[arg-type]
            known = self._known[keys] = (cohorts, sum(map(MEMBERS, cohorts)) == len(found) - found.count(None))
        return known

    def merge(self, keys: Iterable[Hashable], states: list[GradState]) -> None:
        """After an event on these parameters, whose states are `states`: the equal ones become one."""
        if len(states) < 2:
            return
        kept: dict[tuple[Any, ...], GradState] = {}
        merged: dict[int, GradState] = {}
        for state in states:
            survivor = kept.setdefault(state.value(), state)
            if survivor is not state:
                survivor.members += state.members
                merged[id(state)] = survivor
        if merged:
            self._known.clear()
            for key in keys:
                survivor = merged.get(id(self._of.get(key)))
                if survivor is not None:
                    self._of[key] = survivor


# The events below touch every cohort of an optimizer's parameters.


def receive(states: Iterable[GradState], iteration: int, scaled: bool) -> None:
    """A backward's contribution was accumulated into each `.grad`."""
    for state in states:
        state.pristine = state.stale = False
        state.iterations.add(iteration)
        if scaled:
            state.scaled, state.unscaled = True, False


def empty(states: Iterable[GradState], by: Site | None) -> None:
    """Each `.grad` was cleared (by a clear at `by`; None: not observed)."""
    for state in states:
        # (gradients a step applied, with a backward's added since: the newest iteration's are thrown away unapplied)
        state.emptied_iteration = None if state.stale else max(state.iterations)
        state.emptied_accumulation = len(state.iterations) > 1
        state.emptied_by = by
        if state.applied_by is not None and (state.discarded or state.window_clears):
            state.discarded.clear()  # an applied window ends here; the next one starts clean
            state.window_clears.clear()
        state.iterations = set()
        state.scaled = state.unscaled = state.stale = False
        state.applied_by = None
