"""What an optimizer's `.grad` may hold just before an event, asked in words: the facts API over the lattice.

Rules, fixes and `explain` ask a `Held` (from `RootFacts.held`) these questions and never read the
lattice's tags (`interpret/gradients.py`): a new gradient state changes the domain and the answers
here, not a rule. Where a question names an event, it is the first one by id (the earliest written).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Mapping

from zerograd_lint.analysis.interpret.gradients import LIVE, UNAPPLIED, Content, Mark, has, ids
from zerograd_lint.analysis.ir.nodes import Backward, Event

# What each state is called in `explain`'s timelines (its legend explains them).
WORDS = {
    Mark.CUR: "this iteration",
    Mark.PREV: "an earlier iteration",
    Mark.APPLIED: "already applied",
    Mark.DIRTY: "maybe (another backward)",
    Mark.LEAK: "another optimizer's backward",
    Mark.LEAKED: "another optimizer's backward (earlier iteration)",
    Mark.INITIAL: "nothing yet",
    Mark.CLEARED: "cleared",
    Mark.FOGGY: "taken as empty",
}
# Gradients a step may yet use: a backward's not applied, another backward's, or unknown (a clear of unknown reach).
MAY_BE_USED = frozenset({Mark.CUR, Mark.PREV, Mark.DIRTY, Mark.FOGGY, Mark.LEAK, Mark.LEAKED})


def emptied_by(content: Content) -> list[int]:
    """The known clears that left this content empty: the last clear, or, after a clear of unknown reach, those it
    found had emptied them."""
    return ids(content, Mark.EMPTIED) if has(content, Mark.FOGGY) else ids(content, Mark.CLEARED) + ids(content, Mark.EMPTIED)


@dataclass(frozen=True)
class Held:
    """What one optimizer's (or one model's) gradients may hold just before an event: a content per path.

    Empty (false) when no path reaches the event. The methods that return a `Held` keep some of the paths.
    """

    contents: frozenset[Content]
    by_id: Mapping[int, Event] = field(compare=False, repr=False)  # the function's events, to name them

    def __bool__(self) -> bool:
        return bool(self.contents)

    # Some of the paths ---------------------------------------------------------

    def reapplied(self) -> Held:
        """The paths where gradients a step already applied are still there, under gradients not applied yet."""
        return self._paths(lambda c: has(c, Mark.APPLIED) and has(c, *UNAPPLIED))

    def without_gradients(self) -> Held:
        """The paths where the gradients hold nothing (none of any backward, applied or not)."""
        return self._paths(lambda c: not has(c, *LIVE))

    def not_recovered(self) -> Held:
        """The paths on which no `except` handler ran since the scaler's last `update()` (a retried batch)."""
        return self._paths(lambda c: not has(c, Mark.CAUGHT))

    # Yes or no -----------------------------------------------------------------

    def this_iteration(self) -> bool:
        """Some path holds gradients of a backward of this iteration that no step applied yet."""
        return any(has(c, Mark.CUR) for c in self.contents)

    def holds_gradients_of(self, backward: Event) -> bool:
        """Some path holds gradients of this backward, of this iteration or an earlier one, that no step applied yet:
        a path on which the backward runs and then reaches the event (a backward in one branch of a test that takes
        the same branch in every iteration never reaches a step in the other branch)."""
        return any((mark, backward.id) in c for c in self.contents for mark in UNAPPLIED)

    def discarded(self) -> bool:
        """On some path a clear threw away this iteration's gradients, and no backward ran since."""
        return any(has(c, Mark.DISCARDED) for c in self.contents)

    def empty_on_every_path(self) -> bool:
        return not any(has(c, *LIVE) for c in self.contents)

    def may_be_used(self) -> bool:
        """Some path may hold gradients a step has yet to use: a backward's not applied yet, another
        optimizer's backward's, or maybe some (a clear whose reach is not known)."""
        return any(has(c, *MAY_BE_USED) for c in self.contents)

    def may_be_scaled(self) -> bool:
        """Some path holds gradients still multiplied by a GradScaler's scale."""
        return any(has(c, Mark.SCALED) for c in self.contents)

    def unscaled_on_every_path(self) -> bool:
        """Some path reaches the event, and on every one the scaler unscaled them since its last `update()`."""
        return bool(self.contents) and all(has(c, Mark.UNSCALED) for c in self.contents)

    def forward_pending_on_every_path(self) -> bool:
        """Some path reaches the event, and on every one a forward pass ran whose backward has not run yet."""
        return bool(self.contents) and all(has(c, Mark.FWD) for c in self.contents)

    def may_be_emptied_by(self, clear: Event) -> bool:
        """On some path this clear was the last to empty them."""
        return any((Mark.CLEARED, clear.id) in c for c in self.contents)

    # Which events --------------------------------------------------------------

    def backward(self) -> Event | None:
        """The backward whose gradients, not applied yet, they hold: this iteration's, else an earlier one's."""
        return self._first(Mark.CUR) or self._first(Mark.PREV)

    def earlier_backward(self) -> Event | None:
        """The backward of an earlier iteration (or before the loop) whose gradients nothing cleared."""
        return self._first(Mark.PREV)

    def earlier_backwards(self) -> list[Event]:
        """Every backward of an earlier iteration (or before the loop) whose gradients nothing cleared."""
        return self._every(Mark.PREV)

    def leaked_backward(self) -> Event | None:
        """Another optimizer's backward, of an earlier iteration, that wrote into these gradients through this
        optimizer's model, and nothing cleared them since."""
        return self._first(Mark.LEAKED)

    def applied_by(self) -> Event | None:
        """The step that already applied them, with no backward since."""
        return self._first(Mark.APPLIED)

    def cleared_by(self) -> Event | None:
        """The clear (of known reach) that emptied them, with no backward since."""
        return self._first(Mark.CLEARED)

    def unscaled_by(self) -> Event | None:
        """The `scaler.unscale_` that ran for them since the scaler's last `update()`."""
        return self._first(Mark.UNSCALED)

    def scaler_stepped_by(self) -> Event | None:
        """The `scaler.step` that ran for them since the scaler's last `update()`."""
        return self._first(Mark.STEPPED)

    def scaled_backwards(self) -> list[Backward]:
        """The scaled backwards whose gradients, not applied yet, they hold, by id."""
        found = {tag[1] for content in self.contents for tag in content if tag[0] in UNAPPLIED}
        return [event for event in self._events(found) if isinstance(event, Backward) and event.scaled]

    def scaled_backward(self) -> Backward | None:
        """The first scaled backward whose gradients a path holds still multiplied by the scale (an arm scaling with a
        GradScaler beside an apex block that unscaled its own: the GradScaler's), else the first whose gradients they
        hold."""
        scaled = self.scaled_backwards()
        still = {tag[1] for content in self.contents if has(content, Mark.SCALED) for tag in content if tag[0] in UNAPPLIED}
        return next((event for event in scaled if event.id in still), None) or next(iter(scaled), None)

    def this_iterations_backwards(self) -> list[Event]:
        """The backwards of this iteration whose gradients, not applied yet, they hold."""
        return self._every(Mark.CUR)

    def fogged_backwards(self) -> list[Event]:
        """The backwards of this iteration whose gradients they held when a clear of unknown reach ran, and no backward
        or step ran since: a known clear now throws them away, if that one did not."""
        return self._every(Mark.FOGGED)

    def discarded_by(self) -> list[Event]:
        """The clears that threw away this iteration's gradients, and no backward ran since."""
        return self._every(Mark.DISCARDED)

    def lost_to(self) -> list[Event]:
        """The clears that threw away gradients no step had applied yet, and no step ran since."""
        return self._every(Mark.LOST)

    def filled_after(self) -> frozenset[int]:
        """The ids of the forward passes after which, on some path, a backward wrote these gradients (one fed to
        this optimizer, or one meant for another that wrote into its parameters), and nothing cleared them since."""
        return frozenset(i for c in self.contents for i in ids(c, Mark.FILLED))

    def pending_forwards(self) -> frozenset[int]:
        """The ids of the forward passes that ran for a backward that has not run yet."""
        return frozenset(i for c in self.contents for i in ids(c, Mark.FWD))

    def only_cleared_by(self) -> list[Event] | None:
        """The clears that left them empty on every path (but the paths from the loop's entry), by id; None when
        some path may hold gradients, holds them as they were at the start, or was emptied by no known clear."""
        relevant = [c for c in self.contents if not has(c, Mark.ENTRY)]
        if not relevant or any(has(c, *LIVE) or has(c, Mark.INITIAL) or not emptied_by(c) for c in relevant):
            return None
        return self._events({i for c in relevant for i in emptied_by(c)})

    def only_applied_by(self, accepted: Callable[[Event], bool]) -> set[Event] | None:
        """The steps (of those `accepted`) whose applied gradients every path holds, with none unapplied on top;
        None when a path holds no such step's, or gradients no step applied yet. No path counts as one empty path."""
        found: set[Event] = set()
        for content in self.contents or [frozenset()]:
            steps = [step for step in self._events(set(ids(content, Mark.APPLIED))) if accepted(step)]
            if not steps or has(content, *UNAPPLIED):
                return None
            found.update(steps)
        return found

    # In words ------------------------------------------------------------------

    def describe(self) -> str:
        """What the gradients may hold, one phrase per possible path (`explain`'s words)."""
        phrases = set()
        for content in self.contents:
            words = sorted({WORDS[tag[0]] for tag in content if tag[0] in WORDS})
            scaled = " (scaled)" if has(content, Mark.SCALED) else ""
            phrases.add(" + ".join(words) + scaled if words else "nothing yet")
        return " | ".join(sorted(phrases)) or "unreached"

    # The lattice, read here only -----------------------------------------------

    def _paths(self, keep: Callable[[Content], bool]) -> Held:
        return Held(frozenset(c for c in self.contents if keep(c)), self.by_id)

    def _first(self, mark: Mark) -> Event | None:
        found = sorted({i for c in self.contents for i in ids(c, mark)})
        return self.by_id.get(found[0]) if found else None

    def _every(self, mark: Mark) -> list[Event]:
        return self._events({i for c in self.contents for i in ids(c, mark)})

    def _events(self, found: set[int]) -> list[Event]:
        return [self.by_id[i] for i in sorted(found) if i in self.by_id]
