"""The gradient lifecycle as it happens: events in, findings out (pure: no torch here).

The probes (probes.py) turn torch's hooks into the calls below; this module
decides what they mean, with the codes of RULES.md.

**Iteration.** Torch has no notion of a loop, but a loop shows itself: each
statement of its body runs once per pass. So an iteration is the longest run
of backward, clear and step events in which no event occurs twice; the event
that already occurred in the current iteration starts the next one. An event
is a call site (the whole stack that reached the hook) acting on one object:
`for opt in optimizers: opt.step()` is two events per pass, and so is a loop
of per-parameter clears (`for p in ...: p.grad = None`) one event per
parameter; events inside `optimizer.step(closure)` belong to that step. For
`zero_grad(); backward(); step()` every pass is one iteration; in an inner loop
of micro-batch backwards each micro-batch is one, so a step after it applies
several iterations' backwards: accumulation, allowed when declared
(`accumulation_steps=N`) or when the static analysis sees that step as an
accumulation step.

Only counts, iteration numbers and call sites are kept, never a tensor.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Iterator
from dataclasses import dataclass, field
from enum import Enum
from typing import Callable

from zerograd_lint.diagnostics import Diagnostic
from zerograd_lint.runtime.sites import Site

# The codes the runtime can confirm; the others are about code shape, not events.
RUNTIME_CODES = frozenset({"ZG101", "ZG102", "ZG103", "ZG201", "ZG301", "ZG401", "ZG402", "ZG403", "ZG404"})


class Stage(Enum):
    """A GradScaler's stage for one optimizer since its last update() (torch's OptState)."""

    READY = 0
    UNSCALED = 1
    STEPPED = 2


@dataclass
class GradState:
    """What one parameter's `.grad` holds, as far as the lifecycle is concerned."""

    pristine: bool = True  # no backward has reached it yet: a clear here is not a double clear
    iterations: set[int] = field(default_factory=set)  # iterations whose backwards it holds; empty: clear
    scaled: bool = False  # holds gradients of a GradScaler-scaled backward
    unscaled: bool = False  # ... that unscale_ has since divided back
    applied_by: Site | None = None  # the step that already applied what it holds
    emptied_by: Site | None = None  # the clear that last threw gradients away (None: not observed)
    emptied_iteration: int | None = None  # the iteration whose unapplied gradients that clear threw away
    emptied_accumulation: bool = False  # that clear ended an accumulation (gradients of several iterations)

    def receive(self, iteration: int, scaled: bool) -> None:
        """A backward's contribution was accumulated into `.grad` (the hot path)."""
        self.pristine = False
        self.iterations.add(iteration)
        if scaled:
            self.scaled, self.unscaled = True, False

    def empty(self, by: Site | None) -> None:
        self.emptied_iteration = max(self.iterations) if self.applied_by is None else None
        self.emptied_accumulation = len(self.iterations) > 1
        self.emptied_by = by
        self.iterations = set()
        self.scaled = self.unscaled = False
        self.applied_by = None


@dataclass(frozen=True)
class AccumulationIntent:
    """How many iterations' backwards one step may apply."""

    declared_steps: int | None = None  # accumulation_steps=N given by the user
    guarded_lines: Callable[[str], frozenset[int]] = lambda path: frozenset()  # static analysis, per file

    def allows(self, iterations: int, step: Site) -> bool:
        if self.declared_steps is not None:
            return iterations <= self.declared_steps
        return iterations <= 1 or step.line in self.guarded_lines(step.path)


def report(code: str, site: Site, message: str) -> Diagnostic:
    return Diagnostic(
        site.path, site.line, site.column, site.end_line, site.end_column, code, message, {"origin": "runtime"}
    )


class Lifecycle:
    """The recorded history of one guarded run, reduced to what the rules ask about."""

    def __init__(self, intent: AccumulationIntent = AccumulationIntent()) -> None:
        self.intent = intent
        self.iteration = 0
        self.grads: dict[Hashable, GradState] = {}
        self._events_this_iteration: set[tuple[Site, Hashable]] = set()
        self._inside_closure_step = False
        self._clears_with_work: set[tuple[str, int, int]] = set()
        self._redundant_clears: dict[tuple[str, int, int], Diagnostic] = {}
        self._scaling: set[Hashable] = set()  # scalers that scaled a loss since their last update()
        self._stages: dict[tuple[Hashable, Hashable], tuple[Stage, Site]] = {}

    # -- bookkeeping -------------------------------------------------------

    def watch(self, key: Hashable, has_grad: bool) -> GradState:
        state = self.grads.get(key)
        if state is None:
            state = self.grads[key] = GradState()
            if has_grad:  # gradients from before the guard count as this iteration's
                state.receive(self.iteration, scaled=False)
        return state

    def _states(self, keys: Iterable[Hashable]) -> list[GradState]:
        return [self.grads[key] for key in keys if key in self.grads]

    def _enter(self, site: Site, target: Hashable) -> None:
        """Advance the iteration when this event already occurred in this one (see the module docstring)."""
        if self._inside_closure_step:
            return
        event = (site, target)
        if event in self._events_this_iteration:
            self.iteration += 1
            self._events_this_iteration = set()
        self._events_this_iteration.add(event)

    @property
    def scaling(self) -> bool:
        return bool(self._scaling)

    # -- events ------------------------------------------------------------

    def backward(self, site: Site) -> None:
        """A backward call starts; its contributions arrive through `GradState.receive`."""
        self._enter(site, None)

    def released(self, state: GradState) -> None:
        """`.grad` was found None though it held gradients: a clear nobody saw (site unknown)."""
        if state.iterations:
            state.empty(None)

    def clear(self, keys: Iterable[Hashable], site: Site, target: Hashable) -> None:
        """`target` (an optimizer, a module, a parameter) cleared the `.grad` of these parameters."""
        self._enter(site, target)
        states = self._states(keys)
        holding = [state for state in states if state.iterations]
        if holding:
            self._clears_with_work.add(site.position)
        elif not any(state.emptied_accumulation for state in states):
            # (after an accumulation the window may end anywhere: a later clear finding nothing is the data's doing)
            earlier = {state.emptied_by for state in states if not state.pristine}
            if earlier and None not in earlier and site.position not in {s.position for s in earlier}:  # type: ignore[union-attr]
                first = min(earlier, key=lambda s: (s.path, s.line))  # type: ignore[union-attr]
                self._redundant_clears.setdefault(
                    site.position,
                    report(
                        "ZG103",
                        site,
                        f"redundant clear: every time it ran, the gradients it covers had already been cleared "
                        f"(at {first.where(site)}) with no backward since; remove one of the two clears",
                    ),
                )
        for state in holding:
            state.empty(site)

    def conclude(self) -> Iterator[Diagnostic]:
        """What needs the whole run: a clear is redundant only if it never had anything to clear."""
        for position, finding in self._redundant_clears.items():
            if position not in self._clears_with_work:
                yield finding
        self._redundant_clears = {}

    def begin_closure_step(self, site: Site, optimizer: Hashable) -> None:
        """`optimizer.step(closure)`: the closure's clears and backwards belong to the step."""
        self._enter(site, optimizer)
        self._inside_closure_step = True

    def step(
        self, optimizer: Hashable, name: str, keys: Iterable[Hashable], site: Site, via_scaler: bool
    ) -> Iterator[Diagnostic]:
        """The optimizer (called `name` in messages) is about to apply what its parameters' `.grad` hold."""
        if self._inside_closure_step:
            self._inside_closure_step = False
        else:
            self._enter(site, optimizer)
        states = self._states(keys)
        held = [state for state in states if state.iterations]
        if not held:
            yield from self._step_without_gradients(name, states, site)
            return
        if not via_scaler and any(state.scaled for state in held):
            yield report(
                "ZG402",
                site,
                f"{name}.step() applies gradients of a GradScaler-scaled backward directly: they are "
                "still multiplied by the scale and inf/NaN steps are not skipped; call scaler.step(optimizer) "
                "and scaler.update()",
            )
        applied_by = next((state.applied_by for state in held if state.applied_by is not None), None)
        iterations = set().union(*(state.iterations for state in held))
        if applied_by is not None:
            yield report(
                "ZG101",
                site,
                f"{name} applies gradients that the step at {applied_by.where(site)} already applied: nothing "
                "cleared them in between; call zero_grad() once per iteration (top of the iteration or after "
                "the step)",
            )
        elif self.iteration not in iterations:
            yield report(
                "ZG201",
                site,
                f"{name} steps before this iteration's backward: it applies the gradients of an earlier "
                "iteration; call backward() before step()",
            )
        elif not self.intent.allows(len(iterations), site):
            declared = self.intent.declared_steps
            beyond = f"more than the declared {declared}" if declared else "and the step is under no accumulation guard"
            yield report(
                "ZG101",
                site,
                f"{name} applies gradients accumulated over {len(iterations)} iterations' backwards with no clear "
                f"between, {beyond}; call zero_grad() every iteration, or accumulate on purpose (a counter guard "
                "around the step, or accumulation_steps=N)",
            )
        for state in held:
            state.applied_by = site

    def _step_without_gradients(self, name: str, states: list[GradState], site: Site) -> Iterator[Diagnostic]:
        if all(state.pristine for state in states):
            return  # no backward ever reached them: e.g. a step before the loop that silences a scheduler warning
        thrown = next((state for state in states if state.emptied_iteration == self.iteration), None)
        if thrown is not None:
            clear = thrown.emptied_by
            where = "a clear that zerograd-lint could not locate" if clear is None else "this clear"
            yield report(
                "ZG102",
                clear or site,
                f"{where} runs after this iteration's backward and before {name}.step() at "
                f"{site.where(clear or site)}: the step finds no gradients; clear before the backward or after the step",
            )
        else:
            yield report(
                "ZG201",
                site,
                f"{name} steps before any backward of its iteration: it has no gradients to apply; call "
                "backward() before step()",
            )

    def clip(self, keys: Iterable[Hashable], site: Site) -> Iterator[Diagnostic]:
        if any(state.scaled and not state.unscaled for state in self._states(keys)):
            yield report(
                "ZG401",
                site,
                "gradients are clipped (or their norm measured) while still multiplied by the GradScaler's "
                "scale, so the threshold is meaningless; call scaler.unscale_(optimizer) before clipping",
            )

    # -- GradScaler --------------------------------------------------------

    def scale(self, scaler: Hashable) -> None:
        self._scaling.add(scaler)

    def stage(self, scaler: Hashable, optimizer: Hashable) -> Stage:
        """Our own record of a scaler's stage, for when torch's private one cannot be read."""
        return self._stages.get((scaler, optimizer), (Stage.READY, None))[0]  # type: ignore[return-value]

    def unscale(
        self, scaler: Hashable, optimizer: Hashable, keys: Iterable[Hashable], site: Site, stage: Stage
    ) -> Iterator[Diagnostic]:
        if stage is not Stage.READY:
            first = self._stages.get((scaler, optimizer), (None, None))[1]
            earlier = f" (first at {first.where(site)})" if first is not None else ""
            yield report(
                "ZG403",
                site,
                f"scaler.unscale_() runs again for this optimizer before scaler.update(){earlier}; torch raises "
                "RuntimeError; unscale once per step, right before clipping",
            )
            return
        self._stages[(scaler, optimizer)] = (Stage.UNSCALED, site)
        for state in self._states(keys):
            state.unscaled = state.scaled

    def scaler_step(self, scaler: Hashable, optimizer: Hashable, site: Site, stage: Stage) -> Iterator[Diagnostic]:
        if stage is Stage.STEPPED:
            yield report(
                "ZG404",
                site,
                "scaler.step() runs again without scaler.update() since the last one; torch raises RuntimeError "
                "and the scale never adapts; call scaler.update() after every scaler.step()",
            )

    def scaler_stepped(self, scaler: Hashable, optimizer: Hashable, site: Site) -> None:
        self._stages[(scaler, optimizer)] = (Stage.STEPPED, site)

    def update(self, scaler: Hashable) -> None:
        self._scaling.discard(scaler)
        for key in [key for key in self._stages if key[0] == scaler]:
            del self._stages[key]
