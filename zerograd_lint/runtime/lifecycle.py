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
parameter. Inside `optimizer.step(closure)` each evaluation of the closure is
an iteration of its own (LBFGS evaluates it several times per step). For
`zero_grad(); backward(); step()` every pass is one iteration; in an inner loop
of micro-batch backwards each micro-batch is one, so a step after it applies
several iterations' backwards: accumulation, allowed when declared
(`accumulation_steps=N`), when the static analysis sees that step as an
accumulation step, or when the earlier backwards ran without gradient
synchronisation (DDP's `no_sync()`).

Only counts, iteration numbers and call sites are kept, never a tensor.
"""

from __future__ import annotations

import operator
from collections.abc import Hashable, Iterable, Iterator
from dataclasses import dataclass
from enum import Enum
from typing import Callable

from zerograd_lint.base.diagnostics import Diagnostic
from zerograd_lint.runtime.grads import Discarded, GradState, GradStates, empty, receive
from zerograd_lint.runtime.sites import Site

# The codes the runtime can confirm; the others are about code shape, not events.
RUNTIME_CODES = frozenset(
    {
        "ZG101", "ZG102", "ZG103", "ZG105", "ZG201", "ZG203", "ZG204", "ZG301",
        "ZG401", "ZG402", "ZG403", "ZG404", "ZG601", "ZG602",
    }
)

# How many iterations back the backwards' call sites are remembered (accumulation windows are shorter).
REMEMBERED_ITERATIONS = 4096


class Stage(Enum):
    """A GradScaler's stage for one optimizer since its last update() (torch's OptState)."""

    READY = 0
    UNSCALED = 1
    STEPPED = 2


@dataclass(frozen=True)
class AccumulationIntent:
    """How many iterations' backwards one step may apply."""

    declared_steps: int | None = None  # accumulation_steps=N given by the user
    guarded_lines: Callable[[str], frozenset[int]] = lambda path: frozenset()  # static analysis, per file

    def allows(self, iterations: int, step: Site) -> bool:
        if self.declared_steps is not None:
            return iterations <= self.declared_steps
        return iterations <= 1 or self.accumulates(step)

    def accumulates(self, step: Site) -> bool:
        """Whether this step is meant to apply several micro-batches' gradients."""
        if self.declared_steps is not None:
            return self.declared_steps > 1
        return step.line in self.guarded_lines(step.path)


@dataclass(eq=False)
class OptimizerRecord:
    """One optimizer object as the lifecycle knows it (compared by identity: ids of dead objects are reused)."""

    name: str  # as the user wrote it (`opt_d`, `self.optimizer`), else its class and line
    built_at: Site | None = None
    named: bool = False  # the name is one the user wrote
    parameters: frozenset[Hashable] = frozenset()
    stepped: bool = False
    had_state: bool = False  # its step kept state (momentum, moments): a stateful optimizer
    rebuilds: OptimizerRecord | None = None  # the stateful optimizer that this construction threw away


@dataclass
class ClosureStep:
    """`optimizer.step(closure)` in progress: its closure's evaluations are iterations of their own."""

    optimizer: OptimizerRecord
    site: Site
    first_iteration: int
    evaluations: int = 0


# Tests of states as C-level maps (`filter(holding, states)`): a list comprehension is a Python call.
ITERATIONS = operator.attrgetter("iterations")
holding = ITERATIONS  # a state holds gradients when its set of iterations is not empty
PRISTINE = operator.attrgetter("pristine")
SCALED = operator.attrgetter("scaled")
STALE = operator.attrgetter("stale")


def report(code: str, site: Site, message: str) -> Diagnostic:
    return Diagnostic(site.path, site.line, site.column, site.end_line, site.end_column, code, message)


class Lifecycle:
    """The recorded history of one guarded run, reduced to what the rules ask about."""

    def __init__(self, intent: AccumulationIntent = AccumulationIntent()) -> None:
        self.intent = intent
        self.iteration = 0
        self.grads = GradStates()
        self._clock = 0  # counts backwards, clears and steps: what came first
        self._last_backward_at = 0
        self._backwards: dict[int, set[Site]] = {}  # iteration -> the backwards that ran in it
        self._unsynchronised: set[int] = set()  # iterations with a backward under DDP's no_sync()
        self._events_this_iteration: set[tuple[Site, Hashable]] = set()
        self._closure: ClosureStep | None = None
        self._clears_with_work: set[tuple[str, int, int]] = set()
        self._redundant_clears: dict[tuple[str, int, int], Diagnostic] = {}
        self._scaling: set[Hashable] = set()  # scalers that scaled a loss since their last update()
        self._stages: dict[tuple[Hashable, OptimizerRecord], tuple[Stage, Site]] = {}
        self._early_scheduler_steps: dict[OptimizerRecord, dict[tuple[str, int, int], Site]] = {}
        self._suspects: dict[tuple[OptimizerRecord, tuple[str, int, int]], Site] = {}  # early, not yet seen again

    # -- bookkeeping -------------------------------------------------------

    def watch(self, key: Hashable, has_grad: bool) -> None:
        state = self.grads.add(key)
        if state is not None and has_grad:  # gradients from before the guard count as this iteration's
            receive([state], self.iteration, scaled=False)

    def forget(self, key: Hashable) -> None:
        self.grads.remove(key)

    def _states(self, keys: Iterable[Hashable]) -> list[GradState]:
        """To read: the states of these parameters."""
        return self.grads.of(keys)

    def _tick(self) -> int:
        self._clock += 1
        return self._clock

    def _next_iteration(self) -> None:
        self.iteration += 1
        self._backwards.pop(self.iteration - REMEMBERED_ITERATIONS, None)
        self._unsynchronised.discard(self.iteration - REMEMBERED_ITERATIONS)

    def _enter(self, site: Site, target: Hashable) -> None:
        """Advance the iteration when this event already occurred in this one (see the module docstring)."""
        if self._closure is not None:
            return
        event = (site, target)
        if event in self._events_this_iteration:
            self._next_iteration()
            self._events_this_iteration = set()
        self._events_this_iteration.add(event)

    def _backward_sites(self, iterations: Iterable[int]) -> set[Site]:
        return {site for i in iterations for site in self._backwards.get(i, ())}

    @property
    def scaling(self) -> bool:
        return bool(self._scaling)

    # -- events ------------------------------------------------------------

    def backward(self, site: Site, unsynchronised: bool = False) -> None:
        """A backward call starts; its contributions arrive through `received`."""
        self._enter(site, None)
        self._last_backward_at = self._tick()
        self._backwards.setdefault(self.iteration, set()).add(site)
        if unsynchronised:
            self._unsynchronised.add(self.iteration)

    def received(self, keys: list[Hashable], scaled: bool) -> None:
        """A backward's contributions arrived in these parameters' `.grad`."""
        states = self.grads.own(keys)
        receive(states, self.iteration, scaled)
        self.grads.merge(keys, states)

    def released(self, keys: list[Hashable]) -> None:
        """These parameters' `.grad` was found None: where it held gradients, a clear nobody saw (site unknown)."""
        if not keys:
            return
        states = self.grads.own(keys, holding)
        empty(states, None)
        self.grads.merge(keys, states)

    def clear(self, keys: list[Hashable], site: Site, target: Hashable) -> None:
        """`target` (an optimizer, a module, a parameter) cleared the `.grad` of these parameters."""
        self._enter(site, target)
        clock = self._tick()
        states = self.grads.own(keys)
        held = list(filter(holding, states))
        if held:
            self._clears_with_work.add(site.position)
        elif not any([state.emptied_accumulation for state in states]):
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
        described: dict[frozenset[int], Discarded] = {}
        for state in held:
            if state.applied_by is None:  # unapplied gradients thrown away: ZG105 asks about them at the step
                iterations = frozenset(state.iterations)
                if iterations not in described:
                    described[iterations] = Discarded(
                        frozenset(self._backward_sites(iterations)), bool(iterations & self._unsynchronised)
                    )
                state.discarded[site] = described[iterations]
        empty(held, site)
        for state in states:  # (after emptying: a clear of applied gradients opens the next window, and counts in it)
            state.cleared_by, state.cleared_at = site, clock
            state.window_clears[site] = state.window_clears.get(site, 0) + 1
        self.grads.merge(keys, states)

    def conclude(self) -> Iterator[Diagnostic]:
        """What needs the whole run: a clear is redundant only if it never had anything to clear."""
        for position, finding in self._redundant_clears.items():
            if position not in self._clears_with_work:
                yield finding
        self._redundant_clears = {}

    # -- steps -------------------------------------------------------------

    def begin_closure_step(self, site: Site, optimizer: OptimizerRecord) -> None:
        """`optimizer.step(closure)`: the closure's clears and backwards belong to the step."""
        self._enter(site, optimizer)
        self._stepping(optimizer, site)
        self._closure = ClosureStep(optimizer, site, self.iteration)

    @property
    def in_closure_step(self) -> bool:
        return self._closure is not None

    def closure_evaluation(self) -> None:
        """The optimizer calls the closure (again): each evaluation is an iteration of its own."""
        closure = self._closure
        if closure is None:
            return
        if closure.evaluations:
            self._next_iteration()
        closure.evaluations += 1

    def closure_evaluated(self, keys: Iterable[Hashable]) -> Iterator[Diagnostic]:
        """After an evaluation: its backward must not have added onto an earlier evaluation's gradients."""
        closure = self._closure
        if closure is None or closure.evaluations < 2:
            return
        current, first = self.iteration, closure.first_iteration
        if any(current in s.iterations and any(first <= i < current for i in s.iterations) for s in self._states(keys)):
            yield self._closure_not_cleared(closure, "the optimizer evaluates it several times per step, and each "
                                            "evaluation adds its gradients onto the previous ones'")

    def _closure_not_cleared(self, closure: ClosureStep, why: str) -> Diagnostic:
        name = closure.optimizer.name
        return report(
            "ZG101",
            closure.site,
            f"the closure given to optimizer `{name}`.step() runs backward() without clearing: {why}; "
            f"call `{name}.zero_grad()` at the top of the closure",
        )

    def begin_scaler_step(self, scaler: Hashable, optimizer: OptimizerRecord, keys: Iterable[Hashable], site: Site,
                          stage: Stage) -> Iterator[Diagnostic]:
        """`scaler.step(optimizer)` starts: the optimizer's step may never run (no gradients: torch asserts)."""
        self._enter(site, optimizer)
        self._stepping(optimizer, site)
        if stage is Stage.STEPPED:
            yield report(
                "ZG404",
                site,
                "scaler.step() runs again without scaler.update() since the last one; torch raises RuntimeError "
                "and the scale never adapts; call scaler.update() after every scaler.step()",
            )
        states = self._states(keys)
        if not any(map(holding, states)):
            yield from self._step_without_gradients(optimizer.name, states, site)

    def end_scaler_step(self, scaler: Hashable, optimizer: OptimizerRecord, keys: list[Hashable], site: Site) -> None:
        """The scaler has decided: the gradients it skipped for inf/NaN count as used, as those it applied."""
        self._stages[(scaler, optimizer)] = (Stage.STEPPED, site)
        self.applied(keys, site)

    def step(
        self, optimizer: OptimizerRecord, keys: Iterable[Hashable], site: Site, via_scaler: bool
    ) -> Iterator[Diagnostic]:
        """The optimizer is about to apply what its parameters' `.grad` hold (after its closure, if any).

        `applied()` follows when the step is done: what runs inside the step
        (a subclass clipping before its parent's step) is not after it.
        """
        closure, self._closure = self._closure, None
        if closure is None and not via_scaler:
            self._enter(site, optimizer)
            self._stepping(optimizer, site)
        self._tick()
        name = optimizer.name
        states = self._states(keys)
        held = list(filter(holding, states))
        if not held:
            yield from self._step_without_gradients(name, states, site)
            return
        if not via_scaler and any(map(SCALED, held)):
            yield report(
                "ZG402",
                site,
                f"optimizer `{name}`.step() applies gradients of a GradScaler-scaled backward directly: they are "
                "still multiplied by the scale and inf/NaN steps are not skipped; call scaler.step(optimizer) "
                "and scaler.update()",
            )
        applied_by = next((state.applied_by for state in held if state.applied_by is not None), None)
        iterations: set[int] = set().union(*map(ITERATIONS, held))
        if closure is not None:  # the evaluations of this step count as one
            before = {i for i in iterations if i < closure.first_iteration}
            iterations = before | ({closure.first_iteration} if len(before) < len(iterations) else set())
        accumulated = iterations - self._unsynchronised | {max(iterations)}  # no_sync() backwards accumulate on purpose
        if closure is not None and (applied_by is not None or len(iterations) > 1):
            yield self._closure_not_cleared(closure, "the gradients of the previous step's evaluations are still "
                                            "in .grad and this step adds onto them")
        elif applied_by is not None:
            yield report(
                "ZG101",
                site,
                f"optimizer `{name}` applies gradients that the step at {applied_by.where(site)} already applied: "
                "nothing cleared them in between; call zero_grad() once per iteration (top of the iteration or after "
                "the step)",
            )
        elif self.iteration not in iterations and closure is None:
            yield report(
                "ZG201",
                site,
                f"optimizer `{name}` steps before this iteration's backward: it applies the gradients of an earlier "
                "iteration; call backward() before step()",
            )
        elif not self.intent.allows(len(accumulated), site):
            declared = self.intent.declared_steps
            beyond = f"more than the declared {declared}" if declared else "and the step is under no accumulation guard"
            yield report(
                "ZG101",
                site,
                f"optimizer `{name}` applies gradients accumulated over {len(accumulated)} iterations' backwards with "
                f"no clear between, {beyond}; call zero_grad() every iteration, or accumulate on purpose (a counter "
                "guard around the step, or accumulation_steps=N)",
            )
        yield from self._defeated_accumulation(name, held, iterations, site)

    def applied(self, keys: list[Hashable], site: Site) -> None:
        """The step (or scaler.step, which may have skipped it for inf/NaN) is done with these gradients."""
        states = self.grads.own(keys, holding)
        for state in states:
            state.applied_by, state.stale = site, True
            if state.discarded or state.window_clears:
                state.discarded.clear()
                state.window_clears.clear()
        self.grads.merge(keys, states)

    def _defeated_accumulation(
        self, name: str, held: list[GradState], iterations: set[int], site: Site
    ) -> Iterator[Diagnostic]:
        """ZG105: an accumulation step, but a clear threw away earlier micro-batches of its window.

        Only gradients of the same backward statement as those the step applies
        (or of a no_sync() backward) count: what another backward left behind
        (a GAN's generator loss in the discriminator) is not a micro-batch. And
        only a clear that runs more than once in the window, as one per
        micro-batch does: a clear once per epoch that drops the last, partial
        window of the epoch before (yolov5) is right.
        """
        accumulates = bool(iterations & self._unsynchronised) or self.intent.accumulates(site)
        applied = self._backward_sites(iterations)
        reported: set[Site] = set()
        for state in [state for state in held if state.discarded]:
            for clear, thrown in state.discarded.items():
                micro_batch = thrown.unsynchronised or (accumulates and thrown.backwards & applied)
                if clear in reported or not micro_batch or state.window_clears.get(clear, 0) < 2:
                    continue
                reported.add(clear)
                backward = min(thrown.backwards | applied, key=lambda s: (s.path, s.line), default=None)
                of = f" of the backward at {backward.where(clear)}" if backward is not None else ""
                yield report(
                    "ZG105",
                    clear,
                    f"this clear throws away the gradients{of} accumulated for optimizer `{name}` before its "
                    f"accumulation step at {site.where(clear)}: only the micro-batches after it reach the step; "
                    "clear only after the step (inside its condition)",
                )

    def _step_without_gradients(self, name: str, states: list[GradState], site: Site) -> Iterator[Diagnostic]:
        if all(map(PRISTINE, states)):
            return  # no backward ever reached them: e.g. a step before the loop that silences a scheduler warning
        thrown = next((state for state in states if state.emptied_iteration == self.iteration), None)
        if thrown is not None:
            clear = thrown.emptied_by
            where = "a clear that zerograd-lint could not locate" if clear is None else "this clear"
            yield report(
                "ZG102",
                clear or site,
                f"{where} runs after this iteration's backward and before optimizer `{name}`'s step at "
                f"{site.where(clear or site)}: the step finds no gradients; clear before the backward or after the step",
            )
        else:
            yield report(
                "ZG201",
                site,
                f"optimizer `{name}` steps before any backward of its iteration: it has no gradients to apply; call "
                "backward() before step()",
            )

    # -- clipping ----------------------------------------------------------

    def clip(self, keys: Iterable[Hashable], site: Site, clips: bool) -> Iterator[Diagnostic]:
        """Gradients clipped (`clips`) or only measured (get_total_norm)."""
        states = self._states(keys)
        if clips:
            misplaced = self._misplaced_clip(states, site)
            if misplaced is not None:
                yield misplaced
                return
        if any([state.scaled and not state.unscaled for state in states]):
            yield report(
                "ZG401",
                site,
                "gradients are clipped (or their norm measured) while still multiplied by the GradScaler's "
                "scale, so the threshold is meaningless; call scaler.unscale_(optimizer) before clipping",
            )

    def _misplaced_clip(self, states: list[GradState], site: Site) -> Diagnostic | None:
        """ZG203: clipping what a step already applied, or right after a clear, before any backward."""
        held = list(filter(holding, states))
        if held and all(map(STALE, held)):
            step = held[0].applied_by
            return report(
                "ZG203",
                site,
                f"clipping runs after the step at {step.where(site)} applied these gradients: it changes nothing "  # type: ignore[union-attr]
                "that the step used; clip between the backward and the step",
            )
        if states and not held and all(s.cleared_by is not None and s.cleared_at > self._last_backward_at for s in states):
            clear = max(states, key=lambda s: s.cleared_at).cleared_by
            return report(
                "ZG203",
                site,
                f"clipping runs after the clear at {clear.where(site)} and before any backward: there are no "  # type: ignore[union-attr]
                "gradients to clip, and those the step will use are never clipped; clip between the backward and the step",
            )
        return None

    # -- GradScaler --------------------------------------------------------

    def scale(self, scaler: Hashable) -> None:
        self._scaling.add(scaler)

    def stage(self, scaler: Hashable, optimizer: OptimizerRecord) -> Stage:
        """Our own record of a scaler's stage, for when torch's private one cannot be read."""
        return self._stages.get((scaler, optimizer), (Stage.READY, None))[0]  # type: ignore[return-value]

    def unscale(
        self, scaler: Hashable, optimizer: OptimizerRecord, keys: list[Hashable], site: Site, stage: Stage
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
        states = self.grads.own(keys)
        for state in states:
            state.unscaled = state.scaled
        self.grads.merge(keys, states)

    def update(self, scaler: Hashable) -> None:
        self._scaling.discard(scaler)
        for key in [key for key in self._stages if key[0] == scaler]:
            del self._stages[key]

    # -- optimizers and schedulers -------------------------------------------

    def optimizer_built(self, optimizer: OptimizerRecord, previous: list[OptimizerRecord | None]) -> None:
        """A new optimizer; `previous`: per parameter, the optimizer last built over it (None: none, or re-set since).

        The same construction (the same statement reached by the same calls)
        running again over exactly the parameters of a stateful optimizer it
        built before throws that state away: ZG601, once the new one proves
        stateful too. Not a rebuild: another statement (a second training
        phase), other parameters (unfrozen ones, another model of an
        ensemble), parameters re-set since (a trial that reloads the weights).
        """
        earlier = previous[0] if previous else None
        same = earlier is not None and all(p is earlier for p in previous) and earlier.parameters == optimizer.parameters
        if same and earlier.had_state and optimizer.built_at is not None and earlier.built_at == optimizer.built_at:  # type: ignore[union-attr]
            optimizer.rebuilds = earlier

    def _stepping(self, optimizer: OptimizerRecord, site: Site) -> None:
        """The optimizer steps (or scaler.step() tries it) at `site`: was a scheduler stepped before its first step?

        Those early scheduler steps are suspects, unless the first step is an
        accumulation step (the scheduler then follows the micro-batches).
        """
        if optimizer.stepped:
            return
        optimizer.stepped = True
        early = self._early_scheduler_steps.pop(optimizer, {})
        if not self.intent.accumulates(site):
            self._suspects.update({(optimizer, position): first for position, first in early.items()})

    @staticmethod
    def state_loaded(optimizer: OptimizerRecord) -> None:
        """The optimizer has state before its first step: loaded after construction, nothing was thrown away."""
        optimizer.rebuilds = None

    def optimizer_stepped(self, optimizer: OptimizerRecord, has_state: bool) -> Iterator[Diagnostic]:
        """After a step: does the optimizer keep state (momentum, moments)? Then a rebuild threw some away."""
        if not has_state:
            return
        optimizer.had_state = True
        rebuilt, optimizer.rebuilds = optimizer.rebuilds, None
        if rebuilt is not None and optimizer.built_at is not None:
            yield report(
                "ZG601",
                optimizer.built_at,
                f"optimizer `{optimizer.name}` is built again over the parameters of the one this same line built "
                "before, throwing away its state (momentum, adaptive moments) at every rebuild; build the optimizer "
                "once, before the loop",
            )

    def scheduler_step(self, optimizer: OptimizerRecord, site: Site) -> Iterator[Diagnostic]:
        """A scheduler built on this optimizer steps (ReduceLROnPlateau, which follows a metric, is not watched).

        A step before the optimizer's first is ZG204 once the same statement
        runs again during training: a schedule fast-forwarded before training
        (resuming) is stepped by a statement that never does.
        """
        if not optimizer.stepped:
            self._early_scheduler_steps.setdefault(optimizer, {}).setdefault(site.position, site)
            return
        first = self._suspects.pop((optimizer, site.position), None)
        if first is not None:
            yield report(
                "ZG204",
                first,
                f"the LR scheduler steps before optimizer `{optimizer.name}` has stepped even once: PyTorch then "
                "skips the first value of the schedule; call scheduler.step() after optimizer.step()",
            )
