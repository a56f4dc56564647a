"""Questions about the IR's shape, answered once per function: which events a part holds, which loops train,
which steps sit outside an accumulation guard, what a loop rebinds and whether a branch counts micro-batches.

The interpreters and the questions answered without them ask it; it runs nothing."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping

import libcst as cst

from zerograd_lint.analysis.ir.fresh_runs import runs_afresh
from zerograd_lint.analysis.ir.conditions import Atom, Condition, Not, atoms_of, changes, literal_of, transparent
from zerograd_lint.analysis.ir.nodes import (
    Backward, Block, Branch, Event, Guard, Inlined, Loop, Node, Rebind, Step, children, events_in,
)


class Structure:
    """Questions about the IR's shape, answered once."""

    def __init__(self) -> None:
        self._kinds: dict[int, frozenset[type]] = {}
        self._rebinds: dict[int, Rebound] = {}
        self._guards: dict[tuple[int, int], Guard] = {}
        self._unguarded: dict[tuple[int, int], frozenset[str]] = {}
        self._afresh: dict[int, bool] = {}

    def kinds(self, node: Node) -> frozenset[type]:
        key = id(node)
        if key not in self._kinds:
            self._kinds[key] = frozenset(type(e) for e in events_in(node))
        return self._kinds[key]

    def backwards_outside_closures(self, node: Node) -> bool:
        if isinstance(node, Backward):
            return True
        if isinstance(node, Event) or (isinstance(node, Inlined) and node.closure):
            return False
        return any(self.backwards_outside_closures(child) for child in children(node))

    def is_training_loop(self, loop: Loop) -> bool:
        return {Backward, Step} <= self.kinds(loop.body)

    def runs_afresh(self, loop: Loop) -> bool:
        """Whether each pass of the loop is a fresh run of helpers building their own models (`fresh_runs.py`)."""
        if id(loop) not in self._afresh:
            self._afresh[id(loop)] = runs_afresh(loop)
        return self._afresh[id(loop)]

    def unguarded_steps(self, node: Node, loop: Loop) -> frozenset[str]:
        """The optimizers this part of a loop's body steps outside any accumulation guard (inner loops and helpers included)."""
        key = (id(node), id(loop))
        if key not in self._unguarded:
            if isinstance(node, Step):
                found = frozenset({node.optimizer})
            elif isinstance(node, Event) or (isinstance(node, Branch) and self.guard(node, loop) in (Guard.COUNTER, Guard.ACCELERATE)):
                found = frozenset()
            else:
                found = frozenset().union(*(self.unguarded_steps(child, loop) for child in children(node)))
            self._unguarded[key] = found
        return self._unguarded[key]

    def rebound(self, loop: Loop) -> "Rebound":
        key = id(loop)
        if key not in self._rebinds:
            rebinds = [e for e in events_in(loop.body) if isinstance(e, Rebind)]
            own = [e for e in loop.body.items if isinstance(e, Rebind) and e.start is not None]
            self._rebinds[key] = Rebound.of(rebinds, started_afresh(loop.body), flags_set_under_tests(loop.body), own)
        return self._rebinds[key]

    def guard(self, branch: Branch, loop: Loop | None) -> Guard:
        """Whether a branch's test counts micro-batches, judged by what it tests (RULES.md, accumulation guard).

        A counter test: a modulo, a flag that moves every iteration
        (`sync_gradients`), an equality with a counter the loop increments
        (`micro_step == n`), any comparison with one it also resets
        (`count >= n` ... `count = 0`), a flag bound to such a test. A test of
        names the loop never rebinds (`config.ACCUMULATION_STEPS > 1`) is the same
        in every iteration and never one, nor is a test of names the loop binds to
        something else (`do_update = batch["update"]`), nor one of names it binds to
        constants at the top of every iteration (`accumulated = 0` before an inner
        loop that counts into it: `Rebound.restarts`). Otherwise (names set where
        the loop does not show it) the words of the test decide.
        """
        if branch.guard is Guard.ACCELERATE or loop is None or branch.condition is None:
            return branch.guard
        key = (id(branch), id(loop))
        if key not in self._guards and self.invariant(branch, loop):
            self._guards[key] = Guard.OTHER
        if key not in self._guards:
            rebound = self.rebound(loop)
            reads = {read for atom in atoms_of(branch.condition) for read in atom.reads}
            if self.steps_beside_one_iteration(branch, rebound):
                self._guards[key] = Guard.OTHER
            elif rebound.counts_with(branch.condition):
                self._guards[key] = Guard.COUNTER
            elif transparent(branch.condition) and reads and all(
                reads_any({read}, rebound.names) and not reads_any({read}, rebound.opaque) for read in reads
            ):
                self._guards[key] = Guard.OTHER  # the loop shows what sets every name it reads: no counter
            elif transparent(branch.condition) and reads & rebound.afresh and all(rebound.restarts(read) for read in reads):
                self._guards[key] = Guard.OTHER  # what it reads starts again every iteration: it counts none of them
            else:
                self._guards[key] = branch.guard
        return self._guards[key]

    def steps_beside_one_iteration(self, branch: Branch, rebound: "Rebound") -> bool:
        """The test holds in one iteration of a run of the loop at most (`i == which_iter`: `Rebound.one_iteration`)
        and the arm that runs in every other iteration steps: the test only skips or swaps the step of that iteration
        (apex's amp test of skipped steps), so no window of several backwards forms (RULES.md ZG105 and ZG501 need a
        step that runs once every N backwards). The arm of that one iteration with nothing stepping beside it is a
        window: nanoGPT's `micro_step == gradient_accumulation_steps - 1` steps once per run of its loop."""
        truth = rebound.one_iteration(branch.condition)
        if truth is None:
            return False
        every_other = branch.orelse if truth != branch.negated else branch.then
        return Step in self.kinds(every_other)

    def invariant(self, branch: Branch, loop: Loop) -> bool:
        """The test takes the same branch in every iteration of the loop: nothing in the loop rebinds what it reads."""
        condition = branch.condition
        if not transparent(condition) or isinstance(condition, bool):
            return False
        atoms = list(atoms_of(condition))
        reads = {read for atom in atoms for read in atom.reads}
        return not any(atom.per_iteration for atom in atoms) and not reads_any(reads, self.rebound(loop).names)


@dataclass(frozen=True)
class Rebound:
    """What a loop's body rebinds: names, counters (incremented, or computed from one), and flags bound to tests."""

    names: frozenset[str]
    counters: frozenset[str]
    cyclic: frozenset[str]  # counters and running totals the loop also resets or wraps round
    flags: Mapping[str, tuple[Condition, ...]]
    opaque: frozenset[str]  # bound somewhere in the loop to what we cannot read (`self.should_step()`, a loop target)
    snapshots: frozenset[str]  # bound to a counter's value: `last_opt_step = ni`
    # The loop's own counters (`for i in range(n)`, `enumerate(loader)`), bound nowhere else in its body: each
    # iteration moves them on, and they never come back to a value they held.
    moving: frozenset[str] = frozenset()
    # Bound to constants at the top of every iteration (`started_afresh`): what they count starts again each iteration.
    afresh: frozenset[str] = frozenset()

    @classmethod
    def of(
        cls, rebinds: list[Rebind], afresh: frozenset[str] = frozenset(),
        set_under: Mapping[str, tuple[Condition, ...]] | None = None, own: list[Rebind] | None = None,
    ) -> "Rebound":
        """`afresh`: names every iteration binds to a constant before anything reads them (`started_afresh`): what
        they count (the OOMs of this iteration's micro-batches) starts again each iteration, so they never count the
        loop's iterations. `set_under`: flags set to constants under tests (`flags_set_under_tests`), bound to them.
        `own`: the bindings of the loop's counting target at the top of its body."""
        counters = {name for e in rebinds if e.counts for name in e.names} - afresh
        for _ in range(4):  # `step = epoch * n + i`, then `global = step * k`
            derived = {name for e in rebinds if not e.counts and reads_any(e.derives_from, counters) for name in e.names}
            if derived <= counters:
                break
            counters |= derived
        names = frozenset(name for e in rebinds for name in e.names)
        # Set to a literal, or set back to a value the loop never changes (`left = self.args.update_epochs` of a
        # count the loop moves down): where a counter starts again.
        resets = {name for e in rebinds if e.resets or (e.copies is not None and not reads_any({e.copies}, names)) for name in e.names}
        totals = {name for e in rebinds if e.totals for name in e.names}  # `tokens += y.numel()` ... `tokens = 0`
        flags: dict[str, tuple[Condition, ...]] = dict(set_under or {})
        for e in rebinds:
            if e.test is not None:
                for name in e.names:
                    flags[name] = (*flags.get(name, ()), e.test)
        opaque = frozenset(
            name for e in rebinds if not (e.counts or e.resets or e.derives_from or e.test is not None) for name in e.names
        )
        snapshots = frozenset(
            name for e in rebinds if e.copies is not None and reads_any({e.copies}, counters) for name in e.names
        )
        own_names = {name for e in own or () for name in e.names}
        moving = frozenset(
            name for name in own_names if sum(name in e.names for e in rebinds) == 1 and name not in resets
        )
        return cls(
            names, frozenset(counters), frozenset((counters | totals) & resets - afresh), flags, opaque, snapshots, moving,
            afresh,
        )

    def restarts(self, read: str) -> bool:
        """Reading `read` gives what this iteration made of it: the loop never rebinds it, or binds it to a constant
        at the top of every iteration (`accumulated = 0` before the micro-batch loop that counts into it), and it is no
        counter of the loop's. A test of such names counts within an iteration (the micro-batches left over for the
        step after an inner loop), never the loop's own iterations."""
        return not reads_any({read}, self.names) or (read in self.afresh and not reads_any({read}, self.counters))

    def one_iteration(self, condition: Condition) -> bool | None:
        """The truth of the test in the one iteration of a run of the loop where it can take it: an equality of the
        loop's own counter with what the loop never rebinds (`i == which_iter` true, `i != which_iter` false); None for
        another test."""
        atom, truth = (condition.operand, False) if isinstance(condition, Not) else (condition, True)
        if not isinstance(atom, Atom) or atom.kind != "equal" or not self.moving & set(atom.key.split("==", 1)):
            return None  # the counter itself is one side: `step % 2 == 0` holds in every second iteration
        counted = {read for read in atom.reads if read in self.moving}
        if not counted or reads_any(atom.reads - counted, self.names):
            return None
        return truth

    def counts_with(self, condition: Condition, depth: int = 0) -> bool:
        for atom in atoms_of(condition):
            if atom.modulo or (atom.per_iteration and not reads_any(atom.reads, self.names)):
                return True  # the words of a flag count only where the loop does not show what sets it
            if atom.kind in {"equal", "in"} and reads_any(atom.reads, self.counters):
                return True
            if reads_any(atom.reads, self.cyclic):
                return True
            if reads_any(atom.reads, self.snapshots) and reads_any(atom.reads, self.counters - self.snapshots):
                return True  # `ni - last_opt_step >= accumulate`: the iterations since the counter's snapshot
            if atom.kind == "flag" and depth < 3 and any(
                self.counts_with(test, depth + 1) for test in self.flags.get(atom.key, ())
            ):
                return True
        return False


def flags_set_under_tests(body: Block) -> dict[str, tuple[Condition, ...]]:
    """The flags a loop's body sets to constants under tests, with those tests: what decides the flag's value
    (VL-T5's `update = True` then, where accumulating, `if step_i == 0: update = False` `elif step_i % n == 0:
    update = True` `else: update = False`, before `if update:` steps)."""
    found: dict[str, tuple[Condition, ...]] = {}

    def walk(node: Node, tests: tuple[Condition, ...]) -> None:
        if isinstance(node, Rebind):
            if node.flag is not None and tests:
                for name in node.names:
                    found[name] = (*found.get(name, ()), *tests)
            return
        if isinstance(node, Branch) and node.condition is not None:
            tests = (*tests, node.condition)
        for child in children(node):
            walk(child, tests)

    walk(body, ())
    return found


def started_afresh(body: Block) -> frozenset[str]:
    """The names a loop's body binds to constants on every path before any other binding, test or computation reads them
    (`logging_outputs, sample_sizes, ooms = [], [], 0` at the top of fairseq's `train_step`, which the loop calls):
    straight-line code of the body and of the helpers it inlines, before the first branch, loop or `try` that binds or
    tests them."""
    fresh: set[str] = set()
    touched: set[str] = set()

    def walk(node: Node, straight: bool) -> None:
        if isinstance(node, Rebind) and isinstance(node.node, cst.Call):
            return  # an inlined helper's entry: its locals start unbound, its parameters take what the call hands
        if isinstance(node, Rebind):
            touched.update(node.derives_from)  # `step = count + 1` reads the count an earlier iteration left
            if straight and binds_constants(node.node):
                fresh.update(node.names - touched)
            touched.update(node.names)
            return
        condition = getattr(node, "condition", None)
        if condition is not None:
            touched.update(read for atom in atoms_of(condition) for read in atom.reads)
        keeps_straight = isinstance(node, Block) or (isinstance(node, Inlined) and not node.closure)
        for child in children(node):
            walk(child, straight and keeps_straight)

    walk(body, True)
    return frozenset(fresh)


def binds_constants(statement: cst.CSTNode) -> bool:
    """`ooms = 0`, `logs, sizes, ooms = [], [], 0`: every value a literal or an empty list, dict or tuple."""
    if not isinstance(statement, cst.Assign):
        return False
    value = statement.value
    values = [element.value for element in value.elements] if isinstance(value, cst.Tuple) else [value]
    return all(
        literal_of(v) is not None or (isinstance(v, (cst.List, cst.Tuple, cst.Dict)) and not v.elements) for v in values
    )


def reads_any(reads, stored) -> bool:
    return any(changes(name, read) for name in stored for read in reads)
