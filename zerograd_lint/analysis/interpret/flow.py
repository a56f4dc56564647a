"""A small abstract interpreter over the lifecycle IR, generic in what it tracks.

It runs every path of a function body (branches, loops until their state
settles over the back edge, try, break/continue/return, inlined helpers) and
hands each event, with the state before it, to a domain. Where an event sits
(its training loop, the guard around it) is no concern of the interpreter's:
`locations.py` finds it once, before any pass.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field, replace
from enum import Enum
from itertools import count
from typing import Callable, Generic, Iterable, Iterator, Mapping, NamedTuple, Protocol, TypeVar

from zerograd_lint.analysis.ir.conditions import Atom, atoms_of, changes, learn, number_of, numbers_decide
from zerograd_lint.analysis.ir.nodes import (
    Backward,
    Block,
    Branch,
    Clear,
    Clip,
    Event,
    Freeze,
    GradAccess,
    GradWrite,
    Inlined,
    Jump,
    Loop,
    Node,
    Rebind,
    Step,
    Try,
    Unscale,
    Update,
    children,
    events_in,
)
from zerograd_lint.analysis.ir.structure import Structure, reads_any
from zerograd_lint.analysis.ir.vocabulary import COUNTER_WORDS
from zerograd_lint.analysis.interpret.live_atoms import LiveAtoms
from zerograd_lint.analysis.work import spend

State = TypeVar("State")
K = TypeVar("K")
MAX_LOOP_PASSES = 16
WIDEN_AFTER = 6  # passes after which a loop's head is widened (Domain.widen): it only grows from there
WIDEN_HARDER_AFTER = 12  # passes after which the widening may also forget what settled loops keep (`late`)


def joined_by_key(first: Mapping[K, frozenset], second: Mapping[K, frozenset]) -> dict[K, frozenset]:
    """Two maps of sets joined key by key (what each key may hold on either path). Most of a large state is the same
    sets on both paths (the definitions a long inlined body made before the branch): those are kept as they are, not
    built again, so a join costs the keys whose sets differ, not a union per key."""
    joined = dict(first)
    for key, held in second.items():
        mine = joined.get(key)
        if mine is None:
            joined[key] = held
        elif mine is not held and not held <= mine:
            joined[key] = mine | held
    return joined


class Unsettled(Exception):
    """A loop's state still changed after MAX_LOOP_PASSES passes (widened from WIDEN_AFTER on): reports from it
    would not rest on a fixpoint."""

    def __init__(self, loop: Loop) -> None:
        super().__init__(f"the data-flow state of a loop did not settle in {MAX_LOOP_PASSES} passes")
        self.loop = loop


class Domain(Protocol[State]):
    # The state before an event, as the rules read it (`Recorded`); `guessed`: on a valuation that is a guess (`Doubt`).
    def record(self, event: Event, state: State, guessed: bool) -> None: ...
    def transfer(self, event: Event, state: State) -> State: ...
    # Whether the transfer leaves every state as it is (`Interpreter.run_block`'s stretches); then what is recorded
    # before the next event is what was recorded before the stretch's first (`record_alike`).
    def inert(self, event: Event) -> bool: ...
    def record_alike(self, event: Event, first: Event) -> None: ...
    def join(self, first: State, second: State) -> State: ...
    def enter_loop(self, loop: Loop, state: State) -> State: ...  # a training loop
    def back_edge(self, loop: Loop, state: State) -> State: ...  # a training loop
    def repeat(self, loop: Loop, state: State) -> State: ...  # any loop, from the end of its body back to its head
    def leave_loop(self, loop: Loop, state: State) -> State: ...  # any loop, once it is done
    def after_branch(self, branch: Branch, then: State | None, orelse: State | None) -> tuple[State | None, State | None]: ...
    def arms_changed(self, branch: Branch) -> bool: ...  # whether `after_branch` may change the arms' states
    def assume(self, state: State, branch: Branch, truth: bool) -> State | None: ...  # the arm taken: `truth`
    def widen(self, old: State, new: State, late: bool) -> State: ...  # a loop head not settled yet: at least both
    def absent(self, state: State, keys: frozenset[str]) -> State: ...  # optimizers a test showed None: nothing held
    # What a loop's run reads of the domain's own state besides the states it is handed, and changes there (`Settled`).
    def memory(self) -> object: ...  # taken before a loop's run
    def read_since(self, memory: object) -> object: ...  # what the run read (None: nothing)
    def reads_alike(self, read: object) -> bool: ...  # whether the domain holds now what the run read (`read_since`)
    def changed_since(self, memory: object) -> object: ...  # what the run changed that later runs read
    def redo(self, changes: object) -> None: ...  # those changes made again, where a settled loop is not run again


class PassThrough:
    """A domain's defaults: nothing recorded for the rules; loops' edges and branch tests change nothing."""

    def record(self, event: Event, state: State, guessed: bool) -> None:
        return None

    def inert(self, event: Event) -> bool:
        return False  # a domain that says none is inert is never asked to `record_alike`

    def record_alike(self, event: Event, first: Event) -> None:
        return None

    def enter_loop(self, loop: Loop, state: State) -> State:
        return state

    def back_edge(self, loop: Loop, state: State) -> State:
        return state

    def repeat(self, loop: Loop, state: State) -> State:
        return state

    def leave_loop(self, loop: Loop, state: State) -> State:
        return state

    def after_branch(self, branch: Branch, then: State | None, orelse: State | None) -> tuple[State | None, State | None]:
        return then, orelse

    def arms_changed(self, branch: Branch) -> bool:
        return False

    def assume(self, state: State, branch: Branch, truth: bool) -> State | None:
        return state

    def widen(self, old: State, new: State, late: bool) -> State:
        return self.join(old, new)  # type: ignore[attr-defined]

    def absent(self, state: State, keys: frozenset[str]) -> State:
        return state

    # A domain whose transfers read nothing of its own but the states handed (what it records it joins, so recording
    # the same states again changes nothing: `Settled`).
    def memory(self) -> object:
        return None

    def read_since(self, memory: object) -> object:
        return None

    def reads_alike(self, read: object) -> bool:
        return True

    def changed_since(self, memory: object) -> object:
        return None

    def redo(self, changes: object) -> None:
        return None


Valuation = frozenset  # of (atom key, value): what the tests passed so far say
# What a correlated test can decide (gradient reads and freezes: for ZG301).
LIFECYCLE = frozenset({Backward, Step, Clear, Unscale, Update, Clip, GradWrite, GradAccess, Freeze})
# Past it a test is forgotten, and a report that needs it again is not made (`Doubt`): at 16, mosaicml/composer's
# OOM retry lost two true ZG404s that way; 32 keeps them, and settles microsoft/LoRA's Trainer in fewer units. At 64
# two trainers of the corpus (PyTorch-StudioGAN's worker.py, MeZO's trainer.py) pass the work limit (ZG000).
MAX_VALUATIONS = 32
REQUIRES_GRAD = ".requires_grad"
SINGLE_VALUE = frozenset({"equal", "none"})  # tests of a subject against one literal: true for one literal at a time


def branches_around(root: Node, events: frozenset[int]) -> set[int]:
    """The ids of the branches an arm of which holds one of the `events`, in one walk."""
    found: set[int] = set()

    def holds(node: Node) -> bool:
        if isinstance(node, Event):
            return node.id in events
        held = [holds(child) for child in children(node)]  # every child walked: a branch inside may hold one too
        if any(held) and isinstance(node, Branch):
            found.add(id(node))
        return any(held)

    if events:
        holds(root)
    return found


@dataclass
class CorrelationPlan:
    """Which atoms are worth keeping apart, and where they stop mattering.

    RULES.md correlates tests within one iteration and across the iterations of
    one loop. So an atom is kept apart where it can meet itself again: tested
    twice, or once in a loop that keeps its value from one iteration to the next
    (nothing in the loop rebinds what it reads, and it is no modulo or sync flag),
    counting only tests that decide whether a gradient event runs (`if
    args.channels_last: x = ...` decides nothing the analysis tracks). It is
    forgotten once no test ahead can read it before a rebinding changes it
    (`live_atoms.py`), at the start of a branch's arm or the end of a loop:
    after its last test, when the loop around its tests is done (not the first
    of two loops that test it, `for ... in zip(...)` over the backwards then
    over the steps), and within an iteration after its last test when the next
    one recomputes it. That keeps the valuations few, file size aside.
    An atom that moves by nature every iteration (a modulo, a sync flag) is
    forgotten at the back edge of each loop around its tests, and only there:
    a loop that never tests it (`for p in parameters:` in a clip helper under
    `if need_update:`) leaves it as it was in the iteration around.
    """

    atoms: dict[str, Atom] = field(default_factory=dict)
    moving: dict[int, set[str]] = field(default_factory=dict)  # id(loop) -> its tests' atoms that move every iteration
    # Where atoms stop mattering (live_atoms.py): (id(branch), its `then`?) -> the atoms no test reads from the start of
    # that arm on; id(loop) -> those no test reads once the loop is done.
    dead_in_arm: dict[tuple[int, bool], frozenset[str]] = field(default_factory=dict)
    dead_after_loop: dict[int, frozenset[str]] = field(default_factory=dict)
    by_root_name: dict[str, set[str]] = field(default_factory=dict)  # `self` -> atoms reading `self.scaler`, ...
    # The rebindings of a loop's counter whose first value is known (`Rebind.start`) and which a kept atom tests (`if
    # i == 0:`), whose later values are told from the first by a mark (`later`); and each loop where such a counter
    # starts again -> the marks forgotten as it is left.
    counters: set[int] = field(default_factory=set)
    counted: dict[int, set[str]] = field(default_factory=dict)
    # A rebinding -> the atoms it leaves as they were: `loss.requires_grad`, tested once, of the `loss = ...` of a loop.
    spared: dict[int, set[str]] = field(default_factory=dict)
    is_none: dict[str, str] = field(default_factory=dict)  # `scaler` -> the atom `scaler is None`
    # A subject tested against one literal at a time (`env` of `env == 'ddp'`, `x` of `x is None`) -> its atoms' keys.
    single_valued: dict[str, set[str]] = field(default_factory=dict)
    # A loop's target over a display of strings whose tests are kept apart (`for how in "none", "model":` then `if how
    # == "none": ... elif how == "model": ...`): the rebinding's id -> the target and the strings it may hold. Its
    # mark (`chosen_mark`) holds in a valuation from that rebinding until the target is bound again.
    chosen: dict[int, tuple[str, frozenset[str]]] = field(default_factory=dict)
    # The names set to a flag's literal whose kept tests that literal decides and moved by a whole number (`num_iter =
    # 0`, `num_iter += 1`, `if num_iter == 1:`): a valuation holds the number each holds (`value_mark`) from such a
    # setting, moved with it.
    valued: frozenset[str] = frozenset()
    # An atom testing the object a step is called on (`if self.engine:`, `self.engine is None`) -> the value that shows
    # it None, and the optimizers stepped through it alone (`model`, where `self.engine = model`): absent on that path.
    absent_when: dict[str, tuple[bool, frozenset[str]]] = field(default_factory=dict)
    # A name bound to another's value (`zero_grad_next_step = perform_update_step`, `scaler = model.scaler`): the
    # rebinding's id -> each kept atom of the copy with the same atom of its source, whose value the copy takes.
    copies: dict[int, tuple[tuple[Atom, Atom], ...]] = field(default_factory=dict)
    # A name bound to another's value and then tested against it (`left = self.size` ... `if left == self.size:`): the
    # rebinding's id -> the kept equalities of the two it makes true, until either is bound again.
    equalled: dict[int, frozenset[str]] = field(default_factory=dict)
    killed: dict[int, frozenset[str]] = field(default_factory=dict)  # a rebinding's id -> the atoms it changes
    # id(training loop) -> the kept atoms whose names its body rebinds: what a valuation says of them at its head
    # need not hold where its steps are tested (`Correlated.each_stepping`).
    varying: dict[int, frozenset[str]] = field(default_factory=dict)
    counts: frozenset[str] = frozenset()  # the subjects that count micro-batches (`counts_of`): whole numbers, at least 1
    # An atom -> its value -> the chains (and their truth) that value implies, from how `self`'s settings were
    # assigned (`settings.py`): `self.use_amp` true says `self.args.deepspeed` false.
    implied: dict[str, dict[bool, frozenset[tuple[str, bool]]]] = field(default_factory=dict)

    @classmethod
    def of(
        cls, root: Node, structure: Structure, forwards: frozenset[int] = frozenset(),
        settings: Callable[[], Mapping[str, tuple[frozenset, frozenset]]] | None = None,
    ) -> "CorrelationPlan":
        """`forwards`: the assignments that run a forward pass (`facts.forward_feeds`): a test around one decides a
        gradient event too, the pending forward a clear after it may follow (ZG104). `settings`: what the truth of
        `self`'s settings implies (`settings.py`), asked only where a kept atom tests `self.x`."""
        forward_branches = branches_around(root, forwards)
        found: dict[str, Atom] = {}
        tests: dict[str, list[tuple[tuple[Loop, ...], Branch]]] = {}  # in program order, with the loops around
        set_flags: set[str] = set()  # names set to `True` / `False` / `1` / `0`, whose tests those values decide
        copies: list[tuple[Rebind, tuple[Loop, ...]]] = []  # each with the loops around it
        choices: list[Rebind] = []  # loop targets over displays of strings
        numbering: list[tuple[Rebind, tuple[Loop, ...]]] = []  # settings to a flag's literal and moves by a whole number
        present: set[str] = set()  # what the events' calls showed not None (`scaler` of `scaler.scale(loss)`)
        truthy: set[str] = set()  # and true (`if scaler:`): Event.truthy
        only_jumps: set[str] = set()  # atoms tested only where the branch jumps (`if failed: continue`)
        counted_by: dict[int, tuple[Loop, frozenset[str]]] = {}  # a counter's rebinding -> its loop, its names
        stepped_by: dict[str, set[str | None]] = {}  # optimizer -> what its steps are called on (None: no one object)
        jumping: dict[int, bool] = {}
        stack: list[tuple[Node, tuple[Loop, ...]]] = [(root, ())]  # each node with the loops around it, outermost first
        while stack:
            node, around = stack.pop()
            if isinstance(node, Rebind) and node.flag is not None:
                set_flags.update(node.names)
            if isinstance(node, Rebind) and (node.flag is not None or node.adds is not None):
                numbering.append((node, around))
            if isinstance(node, Rebind) and node.copies is not None:
                copies.append((node, around))
            if isinstance(node, Rebind) and node.one_of is not None:
                choices.append(node)
            if isinstance(node, Rebind) and node.start is not None and around:
                set_flags.update(node.names)  # in the loop's first iteration the counter is set to its start
                # where it starts again: each entry of its loop, or of the loop around (ignite's `state.iteration`)
                counted_by[node.id] = (around[-2] if node.resumable and len(around) > 1 else around[-1], node.names)
            decides = isinstance(node, Branch) and (bool(structure.kinds(node) & LIFECYCLE) or id(node) in forward_branches)
            if isinstance(node, Branch) and (decides or jumps(node, jumping)):
                for atom in atoms_of(node.condition):
                    if decides:
                        only_jumps.discard(atom.key)
                    elif atom.key not in found:
                        only_jumps.add(atom.key)
                    found[atom.key] = atom
                    tests.setdefault(atom.key, []).append((around, node))
            if isinstance(node, Step):
                receiver = next(iter(node.truthy)) if not node.via_scaler and len(node.truthy) == 1 else None
                stepped_by.setdefault(node.optimizer, set()).add(receiver)
            if isinstance(node, Event):
                present |= node.present
                truthy |= node.truthy
                continue
            inner = (*around, node) if isinstance(node, Loop) else around
            stack.extend((child, inner) for child in reversed(list(children(node))))
        plan = cls(counts=counts_of(found.values()))
        lone: dict[str, list[tuple[tuple[Loop, ...], Branch]]] = {}  # atoms tested once where no loop repeats the test
        for key, places in tests.items():
            first_around = places[0][0]
            loop = first_around[-1] if first_around else None  # the innermost loop around its first test
            # A flag the loop around its test sets to a literal (`found_oom = False` ... `found_oom = True`, or 0 / 1);
            # not a setting made once (`profile = False`, which a config file may override).
            flag = (flag_subject(found[key]) in set_flags and loop is not None and reads_any(
                found[key].reads, structure.rebound(loop).names
            )) or (found[key].kind == "none" and found[key].subject in present) or (  # decided where a call reads it
                found[key].kind == "flag" and key in truthy
            )
            if key in only_jumps and not flag:
                continue  # decides no gradient event, and no value set in the code decides it
            recomputed = requires_grad_rebindings(found[key], loop) if len(places) == 1 else []
            if len(places) < 2 and not flag and not recomputed and (
                loop is None or found[key].per_iteration or reads_any(found[key].reads, structure.rebound(loop).names)
            ):
                lone[key] = places
                continue  # tested once, and not the same in the next iteration: nothing to agree with, but a setting
            plan.keep(found[key], places)
            for rebind in recomputed:
                plan.spared.setdefault(rebind.id, set()).add(key)
        plan.keep_copies(copies, found, tests, only_jumps, structure)
        plan.keep_equalled(copies, found, tests, only_jumps)
        # The object -> the optimizers stepped through it alone: `self.optimizer.step()` beside `self.engine.step()`
        # keeps `optimizer` whatever the engine is (an engine built around it).
        stepped: dict[str, set[str]] = {}
        for optimizer, by in stepped_by.items():
            if len(by) == 1 and None not in by:
                stepped.setdefault(next(iter(by)), set()).add(optimizer)
        for key, atom in plan.atoms.items():
            if atom.kind == "flag" and key in stepped:
                plan.absent_when[key] = (False, frozenset(stepped[key]))
            elif atom.kind == "none" and atom.subject in stepped:
                plan.absent_when[key] = (True, frozenset(stepped[atom.subject or ""]))
        tested = [(key, atom) for key, atom in plan.atoms.items() if (atom.subject or key).startswith("self.")]
        implications = settings() if settings is not None and tested else {}
        for key, atom in tested:
            if atom.kind == "flag" and (truthy := implications.get(key, (frozenset(),))[0]):
                plan.implied[key] = {True: truthy}
            elif atom.kind == "none" and (present := implications.get(atom.subject or "", (frozenset(), frozenset()))[1]):
                plan.implied[key] = {False: present}
        # A setting tested once agrees with what another's value implies: `self.amp_scaler` not None says
        # `self.configs.use_amp`, the scaler built only under it, though each is tested once in the step's body.
        said = {chain for implied in plan.implied.values() for facts in implied.values() for chain, _ in facts}
        for key in sorted(said & lone.keys()):
            plan.keep(found[key], lone[key])
        plan.keep_told_by_others(found, lone)
        few = few_valued(numbering)
        plan.valued = frozenset(subject for atom in plan.atoms.values() if (subject := flag_subject(atom)) in few)
        plan.chosen = {
            rebind.id: (name, rebind.one_of) for rebind in choices
            for name in rebind.names if name in plan.single_valued and rebind.one_of is not None
        }
        for rebind, (loop, names) in counted_by.items():
            if any(flag_subject(atom) in names for atom in plan.atoms.values()):
                plan.counters.add(rebind)
                plan.counted.setdefault(id(loop), set()).add(later(rebind))
        if plan.atoms:
            plan.varying = varying_atoms(root, plan.atoms, structure)
            moving = {loop: frozenset(keys) for loop, keys in plan.moving.items()}
            live = LiveAtoms(plan.read_by, plan.killed_by, plan.copied_keys, moving).run(root)
            every = frozenset(plan.atoms)
            plan.dead_in_arm = {arm: every - atoms for arm, atoms in live.entering.items() if every - atoms}
            plan.dead_after_loop = {loop: every - atoms for loop, atoms in live.leaving.items() if every - atoms}
        return plan

    def keep(self, atom: Atom, places: list[tuple[tuple[Loop, ...], Branch]]) -> None:
        """Keep the atom apart: the names it reads, its `x is None` subject, and the loops around its tests where it
        moves every iteration (forgotten at their back edges; elsewhere `live_atoms.py` says where it stops mattering)."""
        key = atom.key
        self.atoms[key] = atom
        for around, _ in places if atom.per_iteration else ():
            for each in around:
                self.moving.setdefault(id(each), set()).add(key)
        for read in atom.reads:
            self.by_root_name.setdefault(re.split(r"[.\[]", read, maxsplit=1)[0], set()).add(key)
        if atom.kind == "none" and atom.subject is not None:
            self.is_none[atom.subject] = key
        if atom.kind in SINGLE_VALUE and atom.subject is not None:
            self.single_valued.setdefault(atom.subject, set()).add(key)

    def keep_told_by_others(self, found: dict[str, Atom], lone: dict[str, list[tuple[tuple[Loop, ...], Branch]]]) -> None:
        """Keep apart the atoms tested once that other tests decide, where `value` reads them together: a modulo by a
        count of micro-batches a kept test reads (`if accum == 1:` ... `if (i + 1) % accum == 0:` holds in every
        iteration where that count is 1), and the tests of an option against its choices (`if args.amp == "none":
        ... elif args.amp == "apex": ...`: the chain's last test holds where the others failed)."""
        counted = {atom.subject for atom in self.atoms.values() if atom.subject in self.counts}
        chosen = Counter(atom.subject for atom in found.values() if atom.one_of is not None)
        for key in sorted(lone.keys() - self.atoms.keys()):
            if found[key].divisor in counted or chosen[found[key].subject] > 1:
                self.keep(found[key], lone[key])

    def keep_copies(
        self, copies: list[tuple[Rebind, tuple[Loop, ...]]], found: dict[str, Atom],
        tests: dict[str, list[tuple[tuple[Loop, ...], Branch]]], only_jumps: set[str], structure: Structure,
    ) -> None:
        """A name bound to another's value (`grad_scaler = self.grad_scaler`, `state = copy.deepcopy(configs)`) and
        tested holds its source's value: its atom is kept with the source's same atom where the two can meet, the
        source tested too (`if self.grad_scaler:` in the helper the step calls), copied again by another binding that
        is tested (the step and its helper each binding `grad_scaler = self.grad_scaler`), or copied again in each
        iteration of a loop that never changes the source and tests the copy (an epoch's `state =
        copy.deepcopy(configs)` before its batches' `state.get("engine")`: each epoch's copy takes the source's one
        value, loop invariant as the source is): one test seen twice, even where each copy is tested once."""
        candidates = [
            (rebind, around, copy, source) for rebind, around in copies
            if not changes(target := next(iter(rebind.names)), rebind.copies or "")  # `x = x.parent`: another read after
            for copy in found.values() if copy.key in self.atoms or copy.key not in only_jumps
            if (source := same_atom_of(copy, target, rebind.copies or "")) is not None
        ]
        copied_by: dict[str, set[int]] = {}
        for rebind, _, _, source in candidates:
            copied_by.setdefault(source.key, set()).add(rebind.id)
        for rebind, around, copy, source in candidates:
            recopied = any(
                not reads_any(source.reads, structure.rebound(loop).names)
                and any(loop in tested_in for tested_in, _ in tests.get(copy.key, ()))
                for loop in around
            )
            if source.key not in found and len(copied_by[source.key]) < 2 and not recopied:
                continue  # nothing else reads the source: the copy's one test has nothing to agree with
            source = found.get(source.key, source)
            for atom in (copy, source):
                if atom.key not in self.atoms:
                    self.keep(atom, tests.get(atom.key, []))
            self.copies[rebind.id] = (*self.copies.get(rebind.id, ()), (copy, source))

    def keep_equalled(
        self, copies: list[tuple[Rebind, tuple[Loop, ...]]], found: dict[str, Atom],
        tests: dict[str, list[tuple[tuple[Loop, ...], Branch]]], only_jumps: set[str],
    ) -> None:
        """A name bound to another's value (`left_epochs = self.args.update_epochs`) makes a later test of the two
        equal (`if left_epochs == self.args.update_epochs:`) true until either is bound again (RULES.md, "Correlated
        conditions": nothing assigned to its names in between). Such a test is kept apart wherever the copy can
        reach it, tested once or not: the copy decides it."""
        for rebind, _ in copies:
            target, source = next(iter(rebind.names)), rebind.copies or ""
            if changes(target, source):
                continue  # `x = x.parent`: the source read after the copy is another value
            low, high = sorted([target, source])
            key = f"{low}=={high}"
            if key not in found or key in only_jumps or found[key].subject is not None:
                continue
            if key not in self.atoms:
                self.keep(found[key], tests.get(key, []))
            self.equalled[rebind.id] = self.equalled.get(rebind.id, frozenset()) | {key}

    def read_by(self, branch: Branch) -> frozenset[str]:
        """The atoms a test reads: its own, and those `Correlated.value` decides it by (`x is None` for `if x:`, `split
        == 'val'` for `split == 'train'`)."""
        return self.deciding([atom for atom in atoms_of(branch.condition) if atom.key in self.atoms])

    def deciding(self, atoms: Iterable[Atom]) -> frozenset[str]:
        """The kept atoms that decide these or that these decide: their own, and those of the same subject."""
        own = list(atoms)
        if not own:
            return frozenset()
        subjects = {atom.subject for atom in own if atom.subject is not None} | {atom.key for atom in own if atom.kind == "flag"}
        return frozenset(atom.key for atom in own) | frozenset(
            key for key, atom in self.atoms.items() if atom.subject in subjects or (atom.kind == "flag" and key in subjects)
        )

    def copied_keys(self, event: Rebind) -> tuple[tuple[str, str], ...]:
        """A copy's atoms with the same atoms of its source (`Correlated.copied` reads the source's for the copy's)."""
        return tuple((target.key, source.key) for target, source in self.copies.get(event.id, ()))

    def killed_by(self, event: Rebind) -> frozenset[str]:
        """The atoms whose names a rebinding changes (but those it leaves as they were, `spared`)."""
        if event.id not in self.killed:
            candidates = {key for name in event.names for key in self.by_root_name.get(re.split(r"[.\[]", name, maxsplit=1)[0], ())}
            candidates -= self.spared.get(event.id, set())
            self.killed[event.id] = frozenset(
                key for key in candidates if any(changes(name, read) for name in event.names for read in self.atoms[key].reads)
            ) | frozenset(chosen_mark(rebind) for rebind, (target, _) in self.chosen.items() if any(changes(name, target) for name in event.names))
        return self.killed[event.id]


def varying_atoms(root: Node, atoms: Mapping[str, Atom], structure: Structure) -> dict[int, frozenset[str]]:
    """id(training loop) -> the atoms whose names its body rebinds (`CorrelationPlan.varying`)."""
    found: dict[int, frozenset[str]] = {}
    stack = [root]
    while stack:
        node = stack.pop()
        if isinstance(node, Event):
            continue
        if isinstance(node, Loop) and structure.is_training_loop(node):
            rebound = structure.rebound(node).names
            found[id(node)] = frozenset(key for key, atom in atoms.items() if reads_any(atom.reads, rebound))
        stack.extend(children(node))
    return found


def few_valued(numbering: list[tuple[Rebind, tuple[Loop, ...]]]) -> set[str]:
    """The names set to a flag's literal and moved by a whole number (each rebinding with the loops around it) whose
    values are few: each loop that moves one sets it back to a literal too (a window: `num_iter = 0` in the arm of `if
    num_iter == 1:`), so its number settles at that loop's head. One that only grows or counts down there (a
    Trainer's resume skip, set once before its loops) would hold the valuations apart by number until the head forgets
    it, multiplying them under every test around (MeZO's trainer.py past the work limit)."""
    moved: dict[str, set[int | None]] = {}  # name -> the innermost loop around each move (None: no loop)
    set_in: dict[str, set[int | None]] = {}  # name -> every loop around a setting to a literal
    for rebind, around in numbering:
        for name in rebind.names:
            if rebind.adds is not None:
                moved.setdefault(name, set()).add(id(around[-1]) if around else None)
            else:
                set_in.setdefault(name, {None}).update(id(loop) for loop in around)
    return {name for name, loops in moved.items() if name in set_in and loops <= set_in[name]}


VALUE_MARK = "#number held by "


def value_mark(name: str, number: int) -> str:
    """The key a valuation holds (true) while `name` is known to hold `number` (`CorrelationPlan.valued`)."""
    return f"{VALUE_MARK}{name}: {number}"


def marked_value(valuation: Valuation, name: str) -> int | None:
    """The number the valuation knows `name` holds, if any."""
    prefix = f"{VALUE_MARK}{name}: "
    return next((int(key[len(prefix):]) for key, _ in valuation if key.startswith(prefix)), None)


def one_of_value(atom: Atom, values: frozenset[str], tested: list[tuple[Atom, bool]]) -> bool | None:
    """A test of a subject that holds one of `values` against a literal: false where the literal is none of them, true
    where every other test of the subject against one of them failed; else None."""
    if atom.value not in values:
        return False
    ruled_out = {other.value for other, value in tested if not value and other.kind == "equal"}
    return True if values - {atom.value} <= ruled_out else None


def chosen_mark(rebind: int) -> str:
    """The key a valuation holds (true) from the loop target's rebinding `rebind` (`CorrelationPlan.chosen`) until the
    target is bound again: the target holds one of the display's strings."""
    return f"#one of the strings of rebinding {rebind}"


def counts_of(atoms: Iterable[Atom]) -> frozenset[str]:
    """The subjects tested as a count of micro-batches, which is a whole number at least 1: a name or attribute
    whose words say it counts them (`accum_count`, `gradient_accumulation_steps`: `COUNTER_WORDS`, as an accumulation
    guard's), tested against 1 (`if accum_count > 1:`, `== 1`: is accumulation on?) and against no number below it (a
    counter of micro-batches starts at 0: `if micro_step == 0:`)."""
    numbers: dict[str, set[float]] = {}
    for atom in atoms:
        subject, number = atom.subject, atom.number
        if subject is not None and number is not None and atom.reads == {subject} and COUNTER_WORDS.search(subject.lower()):
            numbers.setdefault(subject, set()).add(number)
    return frozenset(subject for subject, tested in numbers.items() if 1 in tested and min(tested) >= 1)


def same_atom_of(atom: Atom, target: str, source: str) -> Atom | None:
    """The atom testing `source` as `atom` tests `target` (`x` for `y`, `x is None` for `y is None`, `x == 'a'` for
    `y == 'a'`, `x.get('engine','torch')=='ds'` for `y.get('engine','torch')=='ds'`): after `y = x` (or a copy of
    `x`) the two hold the same value. None when `atom` reads nothing of `target`, and for an equality of two reads,
    whose key sorts its sides (`a==b`), which the source's name may put in another order."""
    if not any(read == target or read.startswith((target + ".", target + "[")) for read in atom.reads) or (
        atom.kind == "equal" and atom.subject is None
    ):
        return None
    chain = re.compile(rf"(?<![\w.@'\"]){re.escape(target)}(?![\w@'\"])")  # `y`, `y.amp`, `y[...]`; not `my_y`, `x.y`, `y@2`, `'y'`

    def renamed(text: str) -> str:
        return chain.sub(lambda _: source, text)

    return replace(
        atom, key=renamed(atom.key), reads=frozenset(renamed(read) for read in atom.reads),
        subject=renamed(atom.subject) if atom.subject is not None else None,
    )


def requires_grad_rebindings(atom: Atom, loop: Loop | None) -> list[Rebind]:
    """The rebindings, in the loop around its one test, of the value whose `requires_grad` the atom tests (`loss =
    ...` and `loss = loss.mean()` before `if loss.requires_grad:`): the value that reaches the test is recomputed by
    the same code in every iteration, and whether it requires grad depends on the grad mode and on the parameters it
    comes from, not on the batch, so those rebindings leave the test as it was. Empty for any other atom."""
    if loop is None or atom.kind != "flag" or not atom.key.endswith(REQUIRES_GRAD):
        return []
    return [e for e in events_in(loop.body) if isinstance(e, Rebind) and any(changes(name, atom.key) for name in e.names)]


def flag_subject(atom: Atom) -> str | None:
    """The name whose value decides the atom when it is set to a flag's literal: `failed`, `oom == 1`, `step > 1`."""
    if atom.kind == "flag":
        return atom.key
    return atom.subject if atom.kind in {"equal", "order"} else None


def later(rebind: int) -> str:
    """The key a valuation holds (true) once the counter the rebinding `rebind` sets has been set, until the loop where
    it starts again is left: its next value is a later one, past its start."""
    return f"#later value of counter {rebind}"


def counter_values(atom: Atom, start: str, first: bool, resumable: bool = False) -> bool | None:
    """What a test of a loop's counter gives in its first iteration (the counter at `start`; at least `start` where
    the counter is `resumable`) or in a later one, where it has grown past its start (`Rebind.start`) to any whole
    number above: `i == 0` false from the second iteration on (and `i == 0` of a counter from 1 never true), `if i:`
    of a counter from 0 true, `i > 1` of a counter from 1 false in the first iteration and true after."""
    at_start = flag_decides(atom, start)
    if (first and not resumable) or at_start is None:
        return at_start
    least = int(start) + (0 if first else 1)  # the least value the counter holds here
    if atom.kind == "equal":
        return False if re.fullmatch(r"-?\d+", atom.value or "") and int(atom.value or "") < least else None
    if atom.kind == "order" and atom.number is not None:
        holds = atom.holds_at(least)  # `i > n` holds from `least` on where it holds there; `i < n` fails likewise
        return holds if holds is atom.above else None
    return True if atom.kind == "flag" and least >= 1 else None


def flag_decides(atom: Atom, literal: str) -> bool | None:
    """What `name = literal` makes of a later test of `name` (`True == 1` as Python has it)."""
    if atom.kind == "flag":
        return literal in {"True", "1"}
    numbers = {"True": "1", "False": "0"}
    if atom.kind == "order":
        number = number_of(numbers.get(literal, literal))
        return atom.holds_at(number) if number is not None else None
    if atom.value is None or not re.fullmatch(r"True|False|-?\d+", atom.value):
        return None
    return numbers.get(atom.value, atom.value) == numbers.get(literal, literal)


class Doubt(NamedTuple):
    """What the cap on valuations cost one valuation (RULES.md, "Correlated conditions": a report must never need two
    tests of the same setting to disagree).

    `lost`: the atoms forgotten for room (past `MAX_VALUATIONS`) while a test ahead may still read them: the valuation
    holds as one the paths on which they differ. Each of those paths is real, so that alone is no guess. `guessed`:
    one of them was tested (or learned) since, so the arm the valuation took holds paths that took the other one at
    the first test: what its state holds may need two tests to disagree. The state before each event is recorded
    apart on the valuations that are no guess (`Recorded`), and a report is made only where those alone make it too:
    where the analysis does not know, it stays silent.
    """

    lost: frozenset[str] = frozenset()
    guessed: bool = False

    def joined(self, other: Doubt) -> Doubt:
        if self == other:
            return self
        if self.guessed or other.guessed:
            return GUESSED
        return Doubt(self.lost | other.lost)


class Forgetting(Enum):
    """Why atoms are forgotten, which says what becomes of the valuations' doubts."""

    DEAD = "no test ahead reads them before they change: nothing is left to lose in them"
    ROOM = "past MAX_VALUATIONS: lost by the valuations that held them"
    # A loop head's widening, to settle: their doubts as they were (an atom the cap took from one head is lost there
    # already; one the other head kept apart is forgotten as the fixpoint needs, as before doubts were kept).
    SETTLING = "a loop head's widening"


SURE = Doubt()
GUESSED = Doubt(guessed=True)  # what it lost no longer matters: the valuation stays a guess


@dataclass
class Correlated(Generic[State]):
    """A domain kept apart per valuation of the tests passed on the way (RULES.md, "Correlated conditions").

    `if turn: a.zero_grad()` ... `if turn: a.step()` never mixes the paths. A
    valuation survives until something rebinds a name its atom reads; tests that
    nothing in a loop rebinds keep their value across the back edge (loop
    invariant), except those that move by nature every iteration (a modulo, a
    sync flag), which are forgotten there when the loop tests them (`plan.moving`).
    Each valuation holds the inner domain's state with its `Doubt`.
    """

    inner: Domain[State]
    plan: CorrelationPlan
    recency: dict[str, int] = field(default_factory=dict)  # when each atom was last tested
    clock: Iterator[int] = field(default_factory=count)
    ages_read: int = 0  # how many times `recency` was read (a loop's run that read it depends on it: `read_since`)
    tests_read: dict[int, frozenset[str]] = field(default_factory=dict)  # id(branch) -> `plan.read_by(branch)`
    says: dict[str, frozenset[tuple[str, bool]]] = field(default_factory=dict)  # an atom -> `said_with(atom)`
    # id(loop) -> the arms around each of its steps (`arms_around_steps`), each as `kept_facts` of its test
    stepping_arms: dict[int, tuple[tuple[frozenset[tuple], ...], ...]] = field(default_factory=dict)
    inert_events: dict[int, bool] = field(default_factory=dict)  # event id -> `inert`

    def start(self, state: State) -> dict:
        return {frozenset(): (state, SURE)}

    # What a loop's run reads of this domain's own state: the order in which atoms were last tested, where it forgets
    # the oldest for room (`forget_oldest`, or a settled loop's `reads_alike`); and what it changes there: the atoms
    # its tests made the latest, in the order they were last tested (`Settled`).
    def memory(self) -> tuple[dict[str, int], int, object]:
        return dict(self.recency), self.ages_read, self.inner.memory()

    def read_since(self, memory: tuple[dict[str, int], int, object]) -> object:
        recency, ages_read, inner = memory
        own = ages_order(recency) if self.ages_read != ages_read else None
        inner_read = self.inner.read_since(inner)
        return None if own is None and inner_read is None else (own, inner_read)

    def reads_alike(self, read: object) -> bool:
        own, inner = read  # type: ignore[misc]
        if own is not None:
            self.ages_read += 1
            if own != ages_order(self.recency):
                return False
        return inner is None or self.inner.reads_alike(inner)

    def changed_since(self, memory: tuple[dict[str, int], int, object]) -> tuple[tuple[frozenset[str], ...], object]:
        recency, _, inner = memory
        tested: dict[int, set[str]] = {}
        for key, tick in self.recency.items():
            if recency.get(key) != tick:
                tested.setdefault(tick, set()).add(key)
        return tuple(frozenset(tested[tick]) for tick in sorted(tested)), self.inner.changed_since(inner)

    def redo(self, changes: tuple[tuple[frozenset[str], ...], object]) -> None:
        tested, inner = changes
        for keys in tested:
            now = next(self.clock)
            for key in keys:
                self.recency[key] = now
        self.inner.redo(inner)

    def each(self, state: dict, change) -> dict:
        """`change` (a function of the inner state alone) made to each valuation's state: once per state held, however
        many valuations hold it (a test splits one state into a valuation per arm; they share it until it changes)."""
        changed: dict[int, State] = {}  # id(inner) -> what it became: each held by `state`, alive till the end
        result = {}
        for valuation, (inner, doubt) in state.items():
            if id(inner) not in changed:
                changed[id(inner)] = change(inner)
            result[valuation] = (changed[id(inner)], doubt)
        spend(len(changed))
        return result

    def record(self, event: Event, state: dict, guessed: bool) -> None:
        """Each state held, once (a record joins: the same state twice adds nothing), with whether a guess holds it."""
        recorded: set[tuple[int, bool]] = set()
        for inner, doubt in state.values():
            held = (id(inner), guessed or doubt.guessed)
            if held not in recorded:
                recorded.add(held)
                self.inner.record(event, inner, held[1])
        if self.inert(event):
            spend(len(recorded))  # a node interpreted per state held: here its record, as its transfer does nothing

    def record_alike(self, event: Event, first: Event) -> None:
        self.inner.record_alike(event, first)

    def inert(self, event: Event) -> bool:
        """Whether the transfer leaves every state as it is: the inner domain's does, the event shows nothing present,
        and a rebinding changes no kept atom (nor sets a flag, a counter, a copy, a number or a choice)."""
        if event.id not in self.inert_events:
            plan = self.plan
            self.inert_events[event.id] = self.inner.inert(event) and not event.present and (not isinstance(event, Rebind) or (
                event.flag is None and not event.names & plan.valued and not plan.killed_by(event)
                and all(event.id not in found for found in (plan.equalled, plan.copies, plan.chosen, plan.counters))
            ))
        return self.inert_events[event.id]

    def transfer(self, event: Event, state: dict) -> dict:
        state = self.each(state, lambda inner: self.inner.transfer(event, inner))
        if event.present:
            state = self.shown_present(event, state)
        if not isinstance(event, Rebind):
            return state
        if event.id in self.plan.equalled:
            return self.equal(event, self.copied(event, state) if event.id in self.plan.copies else self.forget(state, self.plan.killed_by(event)))
        if event.id in self.plan.copies:
            return self.copied(event, state)
        state = self.forget(state, self.plan.killed_by(event))
        if event.names & self.plan.valued:
            state = self.numbered(event, state)
        if event.id in self.plan.chosen:  # `for how in "none", "model":`: `how` holds one of the strings
            chosen: dict = {}
            for valuation, (inner, doubt) in state.items():
                self.add(chosen, valuation | {(chosen_mark(event.id), True)}, inner, doubt)
            return chosen
        if event.id in self.plan.counters:
            return self.counted(event, state)
        if event.flag is None:
            return state
        name = next(iter(event.names))
        decided = frozenset(
            (key, value) for key, atom in self.plan.atoms.items()
            if flag_subject(atom) == name and (value := flag_decides(atom, event.flag)) is not None
        )
        if not decided:
            return state
        result: dict = {}  # `failed = True`: a later `if failed:` takes its branch; `oom = 1`: `if oom == 1:`
        for valuation, (inner, doubt) in state.items():
            self.add(result, self.canonical(valuation | decided), inner, doubt)
        return result

    def copied(self, event: Rebind, state: dict) -> dict:
        """`zero_grad_next_step = perform_update_step`, `fp16_scaler = model.fp16_scaler`: in each valuation the copy's
        atoms hold what its source's same atoms hold there (read before the rebinding forgets what it changes); where
        the source's is not known, the valuation splits into one for each value both may take. A later test of the
        copy then agrees with a test of the source, before the copy or after it, until either is rebound. A source
        the valuation lost for room is not split (that would be a guess): the copy is as lost as its source."""
        killed = self.plan.killed_by(event)
        pairs = self.plan.copies[event.id]
        unknown = sum(self.value(valuation, source) is None for valuation in state for _, source in pairs)
        room = len(state) + unknown <= MAX_VALUATIONS  # a split past the cap would only make the oldest tests forgotten
        result: dict = {}
        for valuation, (inner, doubt) in state.items():
            kept = frozenset(item for item in valuation if item[0] not in killed)
            lost = doubt.lost - killed
            alternatives = [kept]
            for target, source in pairs:
                value = self.value(valuation, source)
                if value is None and doubt.lost & self.plan.deciding([source]):
                    lost |= {target.key}
                    continue
                if value is None and not room:
                    continue  # the copy as unknown as its source, as before copies were followed
                values = (value,) if value is not None else (True, False)
                alternatives = [
                    extended for each in alternatives for truth in values
                    if (extended := self.extend(each, ((source, truth), (target, truth)))) is not None
                ]
            for each in alternatives:
                self.add(result, each, inner, doubt._replace(lost=lost) if not doubt.guessed else doubt)
        return result

    def equal(self, event: Rebind, state: dict) -> dict:
        """After `left = size`, each valuation holds `left == size` true (`CorrelationPlan.equalled`)."""
        decided = frozenset((key, True) for key in self.plan.equalled[event.id])
        result: dict = {}
        for valuation, (inner, doubt) in state.items():
            self.add(result, self.canonical(valuation | decided), inner, doubt)
        return result

    def counted(self, event: Rebind, state: dict) -> dict:
        """A loop's counter set for this iteration: its tests decided by whether this is the loop's first iteration
        (`if i == 0: opt.zero_grad()` runs before the first micro-batch's backward, not in a later one)."""
        atoms = [(key, atom) for key, atom in self.plan.atoms.items() if flag_subject(atom) in event.names]
        marker = later(event.id)
        result: dict = {}
        for valuation, (inner, doubt) in state.items():
            first = (marker, True) not in valuation
            decided = {
                (key, value) for key, atom in atoms if (value := counter_values(atom, event.start or "", first, event.resumable)) is not None
            }
            self.add(result, self.canonical(valuation | decided | {(marker, True)}), inner, doubt)  # the next value is later
        return result

    def numbered(self, event: Rebind, state: dict) -> dict:
        """A name whose tests a literal decides, set to a flag's literal (`num_iter = 0`) or moved by a whole number
        from a number the valuation knows it holds (`num_iter += 1`): the valuation holds its new number and what that
        says of its kept tests (`num_iter == 1` true in every iteration where the test's own arm sets it back to 0, a
        window of one: Point-MAE's segmentation loop); any other rebinding makes its number unknown."""
        names = event.names & self.plan.valued
        name = next(iter(names)) if len(event.names) == 1 else None
        atoms = [(key, atom) for key, atom in self.plan.atoms.items() if flag_subject(atom) == name]
        result: dict = {}
        for valuation, (inner, doubt) in state.items():
            held = marked_value(valuation, name) if name is not None and event.adds is not None else None
            number = int(event.flag in {"True", "1"}) if event.flag is not None else held + event.adds if held is not None and event.adds is not None else None
            kept = frozenset(item for item in valuation if not any(item[0].startswith(f"{VALUE_MARK}{each}: ") for each in names))
            if name is not None and number is not None:
                decided = {(key, value) for key, atom in atoms if (value := flag_decides(atom, str(number))) is not None}
                kept = self.canonical(kept | decided | {(value_mark(name, number), True)})
            self.add(result, kept, inner, doubt)
        return result

    def shown_present(self, event: Event, state: dict) -> dict:
        """After a call read an attribute of `scaler`, `scaler is None` is false, and after it ran a method of a
        GradScaler (or an optimizer...: `Event.truthy`), `if scaler:` is true. A valuation that said otherwise is a
        path that raised at the call, and goes (a copy's split, `scaler = self.scaler`, makes both values of a scaler
        no test had decided yet); where every valuation says so, they stay as they were: the analysis knows no path."""
        atoms = self.plan.atoms
        facts = tuple((atoms[self.plan.is_none[key]], False) for key in event.present if key in self.plan.is_none) + tuple(
            (atoms[key], True) for key in event.truthy if key in atoms and atoms[key].kind == "flag"
        )
        if not facts:
            return state
        about = self.plan.deciding(atom for atom, _ in facts) if any(doubt.lost for _, doubt in state.values()) else frozenset()
        result: dict = {}
        for valuation, (inner, doubt) in state.items():
            if (extended := self.extend(valuation, facts)) is not None:
                self.add(result, extended, inner, learned(doubt, valuation, extended, about))
        return result or state

    def add(self, into: dict, valuation: Valuation, inner: State, doubt: Doubt = SURE) -> None:
        if valuation in into:
            held, held_doubt = into[valuation]
            into[valuation] = (self.inner.join(held, inner), held_doubt.joined(doubt))
        else:
            into[valuation] = (inner, doubt)

    def join(self, first: dict, second: dict) -> dict:
        result = dict(first)
        for valuation, (inner, doubt) in second.items():
            self.add(result, valuation, inner, doubt)
        if len(result) > MAX_VALUATIONS:
            result = self.merge_twins(result)
        while len(result) > MAX_VALUATIONS:  # forget the atom tested longest ago: pairs of tests sit close (a loop's
            # `later` marker is never forgotten: without it a later iteration would be taken for the first)
            numbers = frozenset(key for valuation in result for key, _ in valuation if key.startswith(VALUE_MARK))
            if numbers:  # a counter's number goes first, and costs no doubt: what it decided of its tests stays
                result = self.forget(result, numbers, Forgetting.SETTLING)
                continue
            kept = {key for valuation in result for key, _ in valuation if key in self.plan.atoms}
            if not kept:
                break
            result = self.forget_oldest(result, kept)
        return result

    def forget_oldest(self, state: dict, kept: set[str]) -> dict:
        """Forget the atom tested longest ago; of those tested together (`if a and b:`), the one whose forgetting
        leaves the fewest valuations, then the first by key: never the order of a set, which follows the hash."""
        self.ages_read += 1
        tick = min(self.recency.get(key, 0) for key in kept)
        forgotten = [self.forget(state, frozenset({key}), Forgetting.ROOM) for key in sorted(kept) if self.recency.get(key, 0) == tick]
        return min(forgotten, key=len)

    def merge_twins(self, state: dict) -> dict:
        """Valuations that differ in one atom's value only and hold the same state become one that does not know it.

        Nothing is lost: the atom's next test splits the state again into the
        same two. (`if cfg.enable_fsdp: clip A else: clip B` leaves the same
        gradients either way; forgetting it keeps room for `cfg.use_fp16`.)
        """
        result = dict(state)
        for key in sorted({key for valuation in state for key, _ in valuation}):  # in an order of their own: the
            said = self.said_with(key)  # what the atom's truth says besides (`canonical`), which its twin may not
            twins: dict[Valuation, list[Valuation]] = {}
            for valuation in sorted(result, key=sorted):  # same states always merge the same way
                if (key, False) in valuation:
                    twins.setdefault(valuation - {(key, False)} - said, []).append(valuation)
            for valuation in sorted(result, key=sorted):
                if (key, True) not in valuation or valuation not in result:
                    continue
                twin = next((
                    each for each in twins.get(valuation - {(key, True)} - said, ())
                    if each in result and result[each][0] == result[valuation][0]
                ), None)
                if twin is not None:
                    inner, doubt = result.pop(valuation)
                    self.add(result, twin - {(key, False)}, inner, doubt.joined(result.pop(twin)[1]))
        return result

    def said_with(self, key: str) -> frozenset[tuple[str, bool]]:
        """What a test against one literal (`env == 'ddp'`) says when it holds, besides itself: every kept test of its
        subject against another literal is false (`canonical`)."""
        if key not in self.says:
            atom = self.plan.atoms.get(key)
            self.says[key] = frozenset() if atom is None or atom.kind not in SINGLE_VALUE else frozenset(
                (other, False) for other in self.plan.single_valued.get(atom.subject or "", ()) if self.plan.atoms[other].value != atom.value
            )
        return self.says[key]

    def forget(self, state: dict, keys: frozenset[str], why: Forgetting = Forgetting.DEAD) -> dict:
        """The valuations without these atoms, their doubts as `why` says."""
        if not keys:
            return state
        held = any(key in keys for valuation in state for key, _ in valuation)
        if not held and (why is not Forgetting.DEAD or not any(doubt.lost & keys for _, doubt in state.values())):
            return state
        result: dict = {}
        for valuation, (inner, doubt) in state.items():
            kept = frozenset(item for item in valuation if item[0] not in keys)
            if why is Forgetting.ROOM and len(kept) < len(valuation) and not doubt.guessed:
                doubt = Doubt(doubt.lost | {key for key, _ in valuation - kept})
            elif why is Forgetting.DEAD and doubt.lost & keys:
                doubt = Doubt(doubt.lost - keys)
            self.add(result, kept, inner, doubt)
        return result

    def value(self, valuation: Valuation, atom: Atom) -> bool | None:
        """What the valuation says about an atom: its own value, what the tests of its subject against numbers say
        (`n == 1` true where `n > 1` was false and `n` is a count), or False when its subject equals another
        literal, or when it is `x is None` and `x` was true, or `x` and `x is None` was true."""
        for key, value in valuation:
            if key == atom.key:
                return value
        none_test = atom.subject if atom.kind == "none" else self.plan.is_none.get(atom.key) if atom.kind == "flag" else None
        if none_test is not None and (none_test, True) in valuation:
            return False
        if atom.subject is None:
            return None
        tested = [  # the valuation's tests of the same subject (none for a loop's `later` marker)
            (other, value) for key, value in valuation
            if (other := self.plan.atoms.get(key)) is not None and other.subject == atom.subject
        ]
        by_number = numbers_decide(atom, tested, atom.subject in self.plan.counts)
        if by_number is not None:
            return by_number
        divisor = atom.divisor
        if divisor in self.plan.counts and self.value(valuation, Atom(f"{divisor}==1", frozenset({divisor}), "equal", divisor, "1")):
            return True  # `(i + 1) % accum == 0` where `accum` is 1
        if atom.kind in SINGLE_VALUE and any(
            value and other.kind in SINGLE_VALUE and other.value != atom.value for other, value in tested
        ):
            return False  # `split == 'val'` where `split == 'train'`, `x is None` where `x == 'a'`
        if atom.one_of is not None:
            return one_of_value(atom, atom.one_of, tested)
        if atom.kind in SINGLE_VALUE:
            return self.chosen_value(valuation, atom, tested)
        return None

    def chosen_value(self, valuation: Valuation, atom: Atom, tested: list[tuple[Atom, bool]]) -> bool | None:
        """A test of a loop's target that holds one of a display's strings (`CorrelationPlan.chosen`): false against any
        other literal, true against the one string every other test of the target ruled out (`how == "optimizer"`
        where `how` is one of "none", "model", "optimizer" and the tests against the first two were false)."""
        for rebind, (subject, strings) in self.plan.chosen.items():
            if subject != atom.subject or (chosen_mark(rebind), True) not in valuation:
                continue
            return one_of_value(atom, strings, tested)
        return None

    def assume(self, state: dict, branch: Branch, truth: bool) -> dict | None:
        """The valuations that take the arm, told what its test says, forgetting what no test reads from there on."""
        facts_found = learn(branch.condition, truth)
        alternatives = {tuple((atom, value) for atom, value in facts if atom.key in self.plan.atoms) for facts in facts_found}
        if not alternatives:
            return None  # decided the other way
        dead = self.plan.dead_in_arm.get((id(branch), truth != branch.negated), frozenset())
        if alternatives == {()}:
            return self.forget(state, dead)
        now = next(self.clock)  # the atoms of one test are tested together: none of them is older
        for facts in alternatives:
            for atom, _ in facts:
                self.recency[atom.key] = now
        result: dict = {}
        for valuation, (inner, doubt) in state.items():
            about = self.read_by(branch) if doubt.lost else frozenset()
            for facts in alternatives:
                merged = self.extend(valuation, facts)
                if merged is not None:
                    self.add(result, merged, self.without_absent(merged, facts, inner), learned(doubt, valuation, merged, about))
        return self.forget(result, dead) if result else None

    def read_by(self, branch: Branch) -> frozenset[str]:
        if id(branch) not in self.tests_read:
            self.tests_read[id(branch)] = self.plan.read_by(branch)
        return self.tests_read[id(branch)]

    def without_absent(self, valuation: Valuation, facts: tuple, inner: State) -> State:
        """The arm of `if ... and not self.engine:` where the valuation says the engine is None: the optimizers its
        step applies hold nothing there (a backward after it writes no gradients of a None engine either: the domain
        leaves out what is absent until a join with a path where it is not)."""
        for atom, _ in facts:
            shows, keys = self.plan.absent_when.get(atom.key, (None, frozenset()))
            if keys and self.value(valuation, atom) == shows:
                inner = self.inner.absent(inner, keys)
        return inner

    def extend(self, valuation: Valuation, facts: tuple) -> Valuation | None:
        added = set(valuation)
        for atom, value in facts:
            known = self.value(frozenset(added), atom)
            if known is None:
                added.add((atom.key, value))
            elif known != value:
                return None
        return self.built_so(self.canonical(frozenset(added)))

    def canonical(self, valuation: Valuation) -> Valuation:
        """The valuation saying each thing in one way: where a test of a subject against one literal holds (`env ==
        'ddp'`, `x is None`), every kept test of it against another literal is false, as `value` reads it, and says
        so (`said_with`). Two paths through a dispatch (`if env == 'ddp': ... elif env == 'cpu': ...`), one that
        tested `env == 'cpu'` on the way to `env == 'ddp'` and one that did not, are one valuation, not two (FlagAI's
        trainer: four back ends beside three tests of the step passed `MAX_VALUATIONS`)."""
        if not self.plan.single_valued:
            return valuation
        implied = frozenset().union(*(self.said_with(key) for key, value in valuation if value))
        return valuation | implied if implied - valuation else valuation

    def built_so(self, valuation: Valuation) -> Valuation | None:
        """The valuation, where the object can have been built so that its settings hold together (what each value
        implies of how it was assigned, `CorrelationPlan.implied`, agrees with the rest; else None), saying too what
        it implies of the settings kept apart: `self.configs.use_amp` stays true after a loop past which the scaler's
        test, `self.amp_scaler is None` false, is forgotten."""
        if not self.plan.implied:
            return valuation
        said = dict(valuation)
        for key, value in valuation:
            for chain, truth in self.plan.implied.get(key, {}).get(value, ()):
                if said.setdefault(chain, truth) != truth:
                    return None
        implied = {(chain, truth) for chain, truth in said.items() if chain in self.plan.atoms} - valuation
        return valuation | implied if implied else valuation

    def widen(self, old: dict, new: dict, late: bool) -> dict:
        """Both heads, forgetting the atoms only one of them kept apart: a head that keeps some tests apart on one
        pass and forgets them on the next (more valuations than MAX_VALUATIONS, then fewer) settles on those
        both keep (a setting the loop never changes stays correlated); a loop's `later` marker is kept, as in `join`.

        `late`, a head that still moves: also the atoms of the valuations only one of them holds. Heads that keep
        the same tests but split them differently on alternate passes (the cap forgetting a test in one valuation
        and not in another: yolov5's evolve loop around an optimizer chosen by name) then settle on what both
        split alike, instead of the loop being left out."""
        def atoms(valuations: Iterable[Valuation]) -> set[str]:
            return {key for valuation in valuations for key, _ in valuation}

        unsteady = atoms(old) ^ atoms(new)
        if late:
            unsteady |= atoms(old.keys() ^ new.keys())
        unsteady = frozenset(key for key in unsteady if key in self.plan.atoms or key.startswith(VALUE_MARK))
        return self.forget(self.join(old, new), unsteady, Forgetting.SETTLING)

    def enter_loop(self, loop: Loop, state: dict) -> dict:
        return self.each_stepping(loop, state, lambda inner: self.inner.enter_loop(loop, inner))

    def back_edge(self, loop: Loop, state: dict) -> dict:
        return self.each_stepping(loop, state, lambda inner: self.inner.back_edge(loop, inner))

    def each_stepping(self, loop: Loop, state: dict, change) -> dict:
        """`change` in the valuations where one of the loop's steps can run: where the valuation rules out every one
        (`if not accumulate: opt.step()` in a micro-batch loop, `accumulate` true since the test before it), the loop
        is no training loop on that path, only one more pass of the micro-batch loop around a step after it
        (PreSumm's `_gradient_accumulation`, OpenNMT's shape: `if accum > 1: zero_grad()`, a loop of backwards with
        `if accum == 1: zero_grad() ... step()`, then `if accum > 1: step()`)."""
        if id(loop) not in self.stepping_arms:
            varying = self.plan.varying.get(id(loop), frozenset())
            self.stepping_arms[id(loop)] = tuple(
                tuple(self.kept_facts(branch, truth, varying) for branch, truth in path) for path in arms_around_steps(loop.body, ())
            )
        arms = self.stepping_arms[id(loop)]
        spend(len(state))
        return {
            valuation: (change(inner) if any(self.may_take(valuation, path) for path in arms) else inner, doubt)
            for valuation, (inner, doubt) in state.items()
        }

    def kept_facts(self, branch: Branch, truth: bool, varying: frozenset[str]) -> frozenset[tuple]:
        """What the branch's test says of the kept atoms when it has this truth: the facts of each way it can hold, but
        those of the atoms the loop rebinds (`varying`: `if not left: opt.step()` after `left -= 1`, which the value
        `left` held at the head does not decide)."""
        return frozenset(
            tuple((a, v) for a, v in facts if a.key in self.plan.atoms and a.key not in varying) for facts in learn(branch.condition, truth)
        )

    def may_take(self, valuation: Valuation, path: tuple[frozenset[tuple], ...]) -> bool:
        """Whether the valuation leaves open every arm on the path (each arm as `kept_facts` of its test there)."""
        return all(
            alternatives and any(not facts or self.extend(valuation, facts) is not None for facts in alternatives)
            for alternatives in path
        )

    def repeat(self, loop: Loop, state: dict) -> dict:
        moving = frozenset(self.plan.moving.get(id(loop), ()))
        state = self.forget(state, moving)
        return self.each(state, lambda inner: self.inner.repeat(loop, inner))

    def leave_loop(self, loop: Loop, state: dict) -> dict:
        done = self.plan.dead_after_loop.get(id(loop), frozenset())
        done |= self.plan.counted.get(id(loop), set())
        state = self.forget(state, done)
        return self.each(state, lambda inner: self.inner.leave_loop(loop, inner))

    def after_branch(self, branch: Branch, then: dict | None, orelse: dict | None):
        """Each path through one arm paired with each through the other that its valuation does not contradict: an arm
        may learn what the other does not (`self.optimizer.zero_grad()` shows `self.optimizer is None` false, poutyne's
        clear under a counter test), and the paths before the test are the same. Where the inner domain changes no
        arm's state after this branch (most branches), no pair is made."""
        if then is not None and orelse is not None and self.inner.arms_changed(branch):
            then, orelse = dict(then), dict(orelse)
            own = {atom.key for atom in atoms_of(branch.condition)}  # the arms differ in these by construction
            # What each valuation decides besides the test's own atoms, made once for all the pairs it is in.
            told = {v: tuple((key, value) for key, value in v if key not in own) for v in [*then, *orelse]}
            decided = {v: dict(told[v]) for v in orelse}

            def agree(first: Valuation, second: Valuation) -> bool:
                values = decided[first]
                return all(values.get(key, value) == value for key, value in told[second])

            for taken in list(then):
                for skipped in [v for v in orelse if agree(v, taken)]:
                    (kept, kept_doubt), (other, other_doubt) = then[taken], orelse[skipped]
                    kept, other = self.inner.after_branch(branch, kept, other)
                    then[taken], orelse[skipped] = (kept, kept_doubt), (other, other_doubt)
        return then, orelse

    def arms_changed(self, branch: Branch) -> bool:
        return self.inner.arms_changed(branch)


def arms_around_steps(node: Node, path: tuple[tuple[Branch, bool], ...]) -> Iterator[tuple[tuple[Branch, bool], ...]]:
    """Each step under `node`, as the arms of the branches around it (a branch, and the truth of its test that takes
    the arm), outermost first."""
    if isinstance(node, Step):
        yield path
    elif isinstance(node, Branch):
        yield from arms_around_steps(node.then, (*path, (node, not node.negated)))
        yield from arms_around_steps(node.orelse, (*path, (node, node.negated)))
    else:
        for child in children(node):
            yield from arms_around_steps(child, path)


def ages_order(recency: Mapping[str, int]) -> tuple[bool, tuple[frozenset[str], ...]]:
    """What `forget_oldest` reads of `recency`: the atoms tested together, oldest first, and whether the oldest were
    tested first of all (at 0, as old as an atom never tested, `recency.get(key, 0)`)."""
    tested: dict[int, set[str]] = {}
    for key, tick in recency.items():
        tested.setdefault(tick, set()).add(key)
    return 0 in tested, tuple(frozenset(tested[tick]) for tick in sorted(tested))


def learned(doubt: Doubt, before: Valuation, after: Valuation, about: frozenset[str]) -> Doubt:
    """A valuation that learns the value of an atom it lost for room (or of one deciding it, `about`) holds paths
    that took the other value at the first test: a guess from there on."""
    if doubt.guessed or after == before or not doubt.lost & about:
        return doubt
    return GUESSED


@dataclass
class Recorded(Generic[State]):
    """The state before each event, joined over every path that reaches it (`before`), as the rules read it; and,
    for the events a guessed valuation reached too (`Doubt`), what the others alone hold there (None: nothing).

    A report that needs a guess is no report: the engine keeps a report only where the rules make it from both
    (`FileFacts.trusted`). One that a guessed path alone makes goes ("some path clips scaled gradients"), and so does
    one that the guessed paths alone kept silent ("no path brings a backward before this clip").
    """

    reached: dict[int, State] = field(default_factory=dict)  # `before`, but for the events recorded `alike`
    guesses: dict[int, State | None] = field(default_factory=dict)  # `guessed`, likewise
    # Each event, in the order first reached -> the event whose states it has: its own, or, for an event of a stretch
    # (`Interpreter.run_block`), the stretch's first, recorded before it on the same paths.
    alike: dict[int, int] = field(default_factory=dict)

    def add(self, event: Event, state: State, guessed: bool, join: Callable[[State, State], State]) -> None:
        """`join`: the domain's (handed, not kept: a domain keeping its own method would be a reference cycle, and its
        states, the file's nodes among them, would wait for the collector)."""
        previous = self.reached.get(event.id)
        if guessed and event.id not in self.guesses:
            self.guesses[event.id] = previous  # what the paths recorded so far, none a guess, hold
        elif not guessed and event.id in self.guesses:
            trusted = self.guesses[event.id]
            self.guesses[event.id] = state if trusted is None else join(trusted, state)
        self.reached[event.id] = state if previous is None else join(previous, state)
        self.alike.setdefault(event.id, event.id)

    def add_alike(self, event: Event, first: Event) -> None:
        """The event's states are those of `first`."""
        self.alike.setdefault(event.id, first.id)

    @property
    def before(self) -> dict[int, State]:
        return {event: self.reached[first] for event, first in self.alike.items()}

    @property
    def guessed(self) -> dict[int, State | None]:
        return {event: self.guesses[first] for event, first in self.alike.items() if first in self.guesses}

    def trusted(self) -> dict[int, State] | None:
        """The state before each event on the valuations that are no guess; None where every one was none."""
        guessed = self.guessed
        if not guessed:
            return None
        kept = {event: guessed.get(event, state) for event, state in self.before.items()}
        return {event: state for event, state in kept.items() if state is not None}


@dataclass
class Flow(Generic[State]):
    normal: State | None = None
    breaks: State | None = None
    continues: State | None = None
    returns: State | None = None
    # States at a `raise`: it ends the helper that raises and every caller it is inlined into, unlike a `return`.
    raises: State | None = None


def jumps(node: Node, memo: dict[int, bool]) -> bool:
    """Whether a `break`, `continue` or `return` sits in the node (not in a helper it calls)."""
    if isinstance(node, Jump):
        return True
    if isinstance(node, (Event, Inlined)):
        return False
    if id(node) not in memo:
        memo[id(node)] = any(jumps(child, memo) for child in children(node))
    return memo[id(node)]


@dataclass
class Settled(Generic[State]):
    """A loop run to its fixpoint from one entry state: the flow it gave, what it read of the domain's own state
    besides the states handed (None: nothing) and what it changed there.

    A loop nested in another is entered again on each pass of the loops around it, most often with a state it was
    entered with before (the outer pass changed what the inner loop does not see: 1,965 of the 3,633 loop entries
    of ai-toolkit's UITrainer). Its run is a function of that state and of what it reads of the domain, so it gives
    the same flow again: it is not run again, and what it changed in the domain (a correlated state's recency of
    tests) is made again. What it recorded before its events it would record again, and a record joins: nothing new.
    """

    entry: State
    read: object
    flow: Flow[State]
    changes: object


class Interpreter(Generic[State]):
    def __init__(self, domain: Domain[State], structure: Structure) -> None:
        self.domain = domain
        self.structure = structure
        self.settled: dict[int, list[Settled[State]]] = {}  # id(loop) -> its runs, in the order they were made

    def join(self, first: State | None, second: State | None) -> State | None:
        if first is None:
            return second
        if second is None:
            return first
        return self.domain.join(first, second)

    def run(self, node: Node, state: State) -> Flow[State]:
        spend()
        if isinstance(node, Event):
            return Flow(normal=self.run_event(node, state, None))
        if isinstance(node, Block):
            return self.run_block(node, state)[0]
        if isinstance(node, Branch):
            return self.run_branch(node, state)
        if isinstance(node, Loop):
            return self.run_loop(node, state)
        if isinstance(node, Try):
            return self.run_try(node, state)
        if isinstance(node, Jump):
            return Flow(**{f"{node.kind}s": state})
        if isinstance(node, Inlined):
            return self.run_inlined(node, state, None)[0]
        raise TypeError(f"unknown IR node {node!r}")

    def run_event(self, event: Event, state: State, first: Event | None) -> State:
        """The state after the event. `first`: the first event of the stretch it is in, whose state before it is this
        one's on every path (`run_block`): recorded as that one's."""
        if first is None:
            self.domain.record(event, state, False)
        else:
            self.domain.record_alike(event, first)
        return state if self.domain.inert(event) else self.domain.transfer(event, state)

    def run_inlined(self, node: Inlined, state: State, first: Event | None) -> tuple[Flow[State], Event | None]:
        spend()  # its body, a block, as `run` counts each node
        inner, first = self.run_block(node.body, state, first)
        return Flow(normal=self.join(inner.normal, inner.returns), raises=inner.raises), first

    def run_block(self, block: Block, state: State, first: Event | None = None) -> tuple[Flow[State], Event | None]:
        """The block's flow, and the first event of the stretch it ends in (None: it ends in none).

        A stretch is a run of events the domain leaves every state as it is (`Domain.inert`), with nothing between
        them but the start or the end of an inlined helper's body, and the event after them: the same state reaches
        each of them, on every path, as it reached the first (most of a large trainer's events are assignments that
        run no forward and change no test kept apart). Each is recorded as the first (`record_alike`) and none is
        transferred: a stretch costs one event's work per valuation, not one per event. `first`: the stretch the
        block starts in."""
        flow: Flow[State] = Flow(normal=state)
        for item in block.items:
            if flow.normal is None:
                break
            if isinstance(item, Event):
                spend()
                normal = self.run_event(item, flow.normal, first)
                first = (first or item) if self.domain.inert(item) else None
                flow = replace(flow, normal=normal)
                continue
            if isinstance(item, Inlined):
                spend()
                step, first = self.run_inlined(item, flow.normal, first)
            else:
                step, first = self.run(item, flow.normal), None
            flow = Flow(
                step.normal,
                self.join(flow.breaks, step.breaks),
                self.join(flow.continues, step.continues),
                self.join(flow.returns, step.returns),
                self.join(flow.raises, step.raises),
            )
        return flow, first

    def run_branch(self, branch: Branch, state: State) -> Flow[State]:
        then_state = self.domain.assume(state, branch, not branch.negated)
        else_state = self.domain.assume(state, branch, branch.negated)
        then = self.run(branch.then, then_state) if then_state is not None else Flow()
        orelse = self.run(branch.orelse, else_state) if else_state is not None else Flow()
        then_normal, else_normal = self.domain.after_branch(branch, then.normal, orelse.normal)
        return Flow(
            self.join(then_normal, else_normal),
            self.join(then.breaks, orelse.breaks),
            self.join(then.continues, orelse.continues),
            self.join(then.returns, orelse.returns),
            self.join(then.raises, orelse.raises),
        )

    def run_loop(self, loop: Loop, state: State) -> Flow[State]:
        """The loop's flow from this entry state: run to its fixpoint once per entry state (`Settled`)."""
        for settled in self.settled.get(id(loop), ()):
            spend()
            if settled.entry == state and (settled.read is None or self.domain.reads_alike(settled.read)):
                self.domain.redo(settled.changes)
                return replace(settled.flow)
        memory = self.domain.memory()
        flow = self.run_to_fixpoint(loop, state)
        self.settled.setdefault(id(loop), []).append(
            Settled(state, self.domain.read_since(memory), flow, self.domain.changed_since(memory))
        )
        return flow

    def run_to_fixpoint(self, loop: Loop, state: State) -> Flow[State]:
        training = self.structure.is_training_loop(loop)
        entry = self.domain.enter_loop(loop, state) if training else state
        head = entry
        body: Flow[State] = Flow()
        once = self.structure.runs_afresh(loop)
        for passes in range(MAX_LOOP_PASSES):
            body = self.run(loop.body, head)
            if once:
                break  # a fresh run in every pass: the next pass follows the paths of this one (`fresh_runs.py`)
            end = self.join(body.normal, body.continues)
            back = self.domain.repeat(loop, end) if end is not None else None
            back = self.domain.back_edge(loop, back) if training and back is not None else back
            new_head = self.join(entry, back)
            if passes >= WIDEN_AFTER:
                new_head = self.domain.widen(head, new_head, late=passes >= WIDEN_HARDER_AFTER)
            if new_head == head or self.join(head, new_head) == head:
                break  # nothing new reaches the head (a correlated state may be written another way)
            head = new_head
        else:
            raise Unsettled(loop)
        last_iteration = self.join(body.normal, body.continues)
        finished = last_iteration if loop.runs_at_least_once else self.join(head, last_iteration)
        if loop.exits_by_break_only:
            finished = None
        after = self.run(loop.orelse, finished) if finished is not None else Flow()
        done = self.join(after.normal, body.breaks)
        done = self.domain.leave_loop(loop, done) if done is not None else None
        return Flow(done, after.breaks, after.continues, self.join(body.returns, after.returns), self.join(body.raises, after.raises))

    def run_try(self, node: Try, state: State) -> Flow[State]:
        body = self.run(node.body, state)
        # An exception can leave the body anywhere; where the body is one event, only before that event took effect.
        raised = state if node.one_event else self.join(state, body.normal)
        outcomes = [self.run(node.orelse, body.normal)] if body.normal is not None else []
        outcomes += [self.run(handler, raised) for handler in node.handlers]
        normal = None
        # A raise leaves the `try` as a `return` does: which handler catches it is not followed.
        flow: Flow[State] = Flow(None, body.breaks, body.continues, body.returns, body.raises)
        for outcome in outcomes:
            normal = self.join(normal, outcome.normal)
            flow.breaks = self.join(flow.breaks, outcome.breaks)
            flow.continues = self.join(flow.continues, outcome.continues)
            flow.returns = self.join(flow.returns, outcome.returns)
            flow.raises = self.join(flow.raises, outcome.raises)
        if not node.handlers and body.normal is None:
            normal = None
        if node.final.items:
            final = self.run(node.final, normal if normal is not None else raised)
            return Flow(final.normal if normal is not None else None, self.join(flow.breaks, final.breaks),
                        self.join(flow.continues, final.continues), self.join(flow.returns, final.returns),
                        self.join(flow.raises, final.raises))
        flow.normal = normal
        return flow
