"""The fixpoint engine: a loop whose state does not settle leaves its function out, said on stderr; never a
report from a state that is no fixpoint, and the rest of the file still checked."""

from __future__ import annotations

import logging

import libcst as cst
import pytest

from zerograd_lint.analysis.interpret import flow
from zerograd_lint.analysis.ir.conditions import ROOT_NAMING, Not, condition_of
from zerograd_lint.analysis.ir.nodes import Backward, Block, Branch, Guard, Inlined, Rebind
from zerograd_lint.analysis.ir.structure import Structure
from zerograd_lint.core.engine import analyze_source

LOOP = """\
import torch

model = torch.nn.Linear(2, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)


def train(loader):
    for x in loader:
        loss = model(x).sum()
        loss.backward()
        optimizer.step()


def other(loader):
    for x in loader:
        model.zero_grad()
        loss = model(x).sum()
        loss.backward()
        optimizer.step()
        optimizer.zero_grad  # uncalled: ZG202, no loop state needed
"""


def test_a_loop_that_settles_is_analysed() -> None:
    assert [(d.code, d.line) for d in analyze_source(LOOP, "loop.py")] == [("ZG101", 11), ("ZG202", 20)]


def test_a_loop_that_does_not_settle_leaves_its_function_out_and_says_so(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setattr(flow, "MAX_LOOP_PASSES", 1)  # every real loop needs a second pass to see its state settle
    with caplog.at_level(logging.WARNING, logger="zerograd_lint"):
        reports = analyze_source(LOOP, "loop.py")
    assert [(d.code, d.line) for d in reports] == [("ZG202", 20)]  # no ZG101 from a state that is no fixpoint
    assert "loop.py: `train` not analysed: the data-flow state of a loop there did not settle" in caplog.text


class Union:
    """A plain inner domain for the correlated one: states are sets, joined by union; no event changes them."""

    def transfer(self, event: object, state: frozenset) -> frozenset:
        return state

    def inert(self, event: object) -> bool:
        return False  # each event transferred, as the tests below follow them

    def join(self, first: frozenset, second: frozenset) -> frozenset:
        return first | second


def sure(state: dict) -> dict:
    """A correlated state whose valuations lost nothing for room: each holds its inner state with `flow.SURE`."""
    return {valuation: (inner, flow.SURE) for valuation, inner in state.items()}


def correlated(*keys: str) -> flow.Correlated:
    plan = flow.CorrelationPlan(atoms={key: flow.Atom(key, frozenset({key})) for key in keys})
    return flow.Correlated(Union(), plan)  # type: ignore[arg-type]


def test_valuations_differing_in_one_atom_with_the_same_state_become_one_whatever_the_order() -> None:
    domain = correlated("a", "b")
    state = sure({
        frozenset({("a", True), ("b", True)}): frozenset({1}),
        frozenset({("a", False), ("b", True)}): frozenset({1}),  # `a` decides nothing here: forgotten
        frozenset({("a", True), ("b", False)}): frozenset({2}),
        frozenset({("a", False), ("b", False)}): frozenset({3}),  # `a` decides this one: kept
    })
    merged = sure({frozenset({("b", True)}): frozenset({1})}) | {k: v for k, v in state.items() if ("b", False) in k}
    assert domain.merge_twins(state) == merged
    assert domain.merge_twins(dict(reversed(state.items()))) == merged


def test_a_loop_head_written_two_ways_settles_on_the_atoms_both_keep() -> None:
    domain = correlated("setting", "flag")
    kept_apart = sure({
        frozenset({("setting", True), ("flag", True)}): frozenset({1}),
        frozenset({("setting", True), ("flag", False)}): frozenset({2}),
        frozenset({("setting", False)}): frozenset({3}),
    })
    forgotten = sure({frozenset({("setting", True)}): frozenset({1, 2}), frozenset({("setting", False)}): frozenset({3})})
    widened = domain.widen(kept_apart, forgotten, late=False)
    assert widened == forgotten  # `setting` stays correlated; `flag`, kept apart on one pass only, is forgotten
    assert domain.widen(widened, kept_apart, late=False) == widened  # and the head no longer moves


def test_a_loop_head_split_two_ways_on_the_same_atoms_settles_once_late() -> None:
    domain = correlated("name", "other")
    split = sure({
        frozenset({("name", False), ("other", False)}): frozenset({1}),
        frozenset({("name", False)}): frozenset({2}),
    })
    resplit = {**split, **sure({frozenset({("name", False), ("other", True)}): frozenset({2}), frozenset({("name", True)}): frozenset({3})})}
    assert domain.widen(split, resplit, late=False) == resplit  # the same atoms: nothing forgotten, the head moves
    widened = domain.widen(split, resplit, late=True)
    assert widened == sure({frozenset(): frozenset({1, 2, 3})})  # the atoms of the valuations only one head holds go
    assert domain.widen(widened, resplit, late=True) == widened  # and the head no longer moves


@pytest.mark.parametrize("first, second", [("a", "b"), ("z", "b")])
def test_past_the_limit_of_the_atoms_tested_together_the_one_whose_forgetting_frees_room_is_forgotten(
    monkeypatch: pytest.MonkeyPatch, first: str, second: str
) -> None:
    """`if first and second:` learns both at once; which was forgotten had followed the order of a set of facts
    (hashed, per process), and forgetting `first` frees no room: both were lost, or only `second`."""
    monkeypatch.setattr(flow, "MAX_VALUATIONS", 2)
    domain = correlated(first, second)
    domain.recency = {first: 1, second: 1}
    state = sure({
        frozenset({(first, False)}): frozenset({1}),
        frozenset({(first, True), (second, True)}): frozenset({2}),
        frozenset({(first, True), (second, False)}): frozenset({3}),
    })
    assert domain.join(state, {}) == {
        frozenset({(first, False)}): (frozenset({1}), flow.SURE),
        frozenset({(first, True)}): (frozenset({2, 3}), flow.Doubt(frozenset({second}))),
    }


def test_past_the_cap_a_counters_numbers_go_first_and_cost_no_doubt(monkeypatch: pytest.MonkeyPatch) -> None:
    """A number (`Correlated.numbered`) is no test: forgetting it leaves what it decided of its tests, so the cap
    takes it before any atom, and valuations apart only by it can never outnumber the cap."""
    monkeypatch.setattr(flow, "MAX_VALUATIONS", 2)
    domain = correlated("a")
    state = sure({
        frozenset({("a", True), (flow.value_mark("n", 0), True)}): frozenset({1}),
        frozenset({("a", True), (flow.value_mark("n", 1), True)}): frozenset({2}),
        frozenset({("a", False)}): frozenset({3}),
    })
    assert domain.join(state, {}) == sure({frozenset({("a", True)}): frozenset({1, 2}), frozenset({("a", False)}): frozenset({3})})


def numbered_names(source: str, monkeypatch: pytest.MonkeyPatch) -> set[str]:
    """The names the plans made for `source` number (`CorrelationPlan.valued`)."""
    found: set[str] = set()
    made = flow.CorrelationPlan.of.__func__  # type: ignore[attr-defined]

    def of(cls, *args, **kwargs):  # type: ignore[no-untyped-def]
        plan = made(cls, *args, **kwargs)
        found.update(plan.valued)
        return plan

    monkeypatch.setattr(flow.CorrelationPlan, "of", classmethod(of))
    analyze_source(source, "window.py")
    return found


WINDOW_BESIDE_A_SKIP = """\
def train(model, optimizer, loader, epochs, resume_step=None):
    to_skip = 0
    if resume_step is not None:
        to_skip = resume_step
    for epoch in range(epochs):
        num_iter = 0
        for x in loader:
            if to_skip > 0:
                to_skip -= 1
                continue
            num_iter += 1
            model(x).sum().backward()
            optimizer.step()
            if num_iter == 1:
                num_iter = 0
                optimizer.zero_grad()
"""


def test_only_a_counter_each_of_its_loops_sets_back_is_numbered(monkeypatch: pytest.MonkeyPatch) -> None:
    """`num_iter`, set back to 0 in the loop that moves it, takes few values; `to_skip`, set once before its loop
    (a Trainer's resume skip, its `global_step`), takes a new one each pass: numbered, it held the valuations apart
    by number and multiplied the work of MeZO's trainer past the limit."""
    assert numbered_names(WINDOW_BESIDE_A_SKIP, monkeypatch) == {"num_iter"}


def copy_of(domain: flow.Correlated, target: str, source: str) -> Rebind:
    """`target = source`, whose atoms the plan keeps: a later test of either agrees with a test of the other."""
    copy = Rebind(1, cst.Name(target), frozenset({target}), copies=source)
    domain.plan.copies[copy.id] = ((domain.plan.atoms[target], domain.plan.atoms[source]),)
    return copy


def test_a_copy_of_an_unknown_value_splits_the_valuations_into_the_values_both_may_take() -> None:
    domain = correlated("use_amp", "self.scaler", "scaler")
    state = sure({frozenset({("use_amp", True)}): frozenset({1}), frozenset({("use_amp", False)}): frozenset({2})})
    assert domain.transfer(copy_of(domain, "scaler", "self.scaler"), state) == {
        valuation | {("self.scaler", truth), ("scaler", truth)}: kept for valuation, kept in state.items() for truth in (True, False)
    }


def test_a_copy_splits_only_where_the_cap_leaves_room(monkeypatch: pytest.MonkeyPatch) -> None:
    """Past the cap the split would only make the oldest test forgotten at the next join (`use_amp` here, whose two
    arms hold different gradients: a scaled backward taken for a plain one's); the copy stays as unknown as its
    source, as before copies were followed (coqui-ai/Trainer's `scaler = self.scaler`)."""
    monkeypatch.setattr(flow, "MAX_VALUATIONS", 3)
    domain = correlated("use_amp", "self.scaler", "scaler")
    state = sure({frozenset({("use_amp", True)}): frozenset({1}), frozenset({("use_amp", False)}): frozenset({2})})
    copied = domain.transfer(copy_of(domain, "scaler", "self.scaler"), state)
    assert copied == state
    assert domain.join(copied, {}) == state  # a split's four valuations would have lost `use_amp` here


def test_a_valuation_a_call_on_the_scaler_contradicts_is_a_path_that_raised() -> None:
    """`scaler.scale(loss)` ran: a valuation where `scaler` was false (the copy's split made it so) is no path; where
    every valuation says so, the analysis knows no path and they stay as they were."""
    domain = correlated("scaler")
    scaled = Backward(
        2, cst.Name("loss"), scaled=True, scaler="scaler", normalises=False, loss=None, scope=cst.Module([]),
        present=frozenset({"scaler"}), truthy=frozenset({"scaler"}),
    )
    state = sure({frozenset({("scaler", True)}): frozenset({1}), frozenset({("scaler", False)}): frozenset({2})})
    assert domain.transfer(scaled, state) == sure({frozenset({("scaler", True)}): frozenset({1})})
    falsy = sure({frozenset({("scaler", False)}): frozenset({2})})
    assert domain.transfer(scaled, falsy) == falsy


class Recording(Union):
    """The plain inner domain, keeping what `Correlated.record` hands it: each valuation's state, a guess or not."""

    def __init__(self) -> None:
        self.records: list[tuple[frozenset, bool]] = []

    def record(self, event: object, state: frozenset, guessed: bool) -> None:
        self.records.append((state, guessed))


def scaled_backward(event_id: int) -> Backward:
    return Backward(event_id, cst.Name("loss"), scaled=True, scaler="scaler", normalises=False, loss=None, scope=cst.Module([]))


def test_a_valuation_that_tests_again_an_atom_the_cap_took_is_a_guess(monkeypatch: pytest.MonkeyPatch) -> None:
    """RULES.md, "Correlated conditions": past the cap `use_amp`, tested longest ago, is forgotten, and the valuation
    holds its scaled path (1) and its plain one (2) as one: each is real, no guess yet. `use_amp` tested again, each
    arm holds the other arm's path: a guess, recorded as one. A path that never tested it (3: it skipped the test)
    lost nothing and stays sure."""
    monkeypatch.setattr(flow, "MAX_VALUATIONS", 2)
    inner = Recording()
    plan = flow.CorrelationPlan(atoms={key: flow.Atom(key, frozenset({key})) for key in ("use_amp", "rank")})
    domain = flow.Correlated(inner, plan)  # type: ignore[arg-type]
    domain.recency = {"use_amp": 1, "rank": 2}
    state = sure({
        frozenset({("use_amp", True), ("rank", True)}): frozenset({1}),
        frozenset({("use_amp", False), ("rank", True)}): frozenset({2}),
        frozenset({("rank", False)}): frozenset({3}),
    })
    joined = domain.join(state, {})
    assert joined == {
        frozenset({("rank", True)}): (frozenset({1, 2}), flow.Doubt(frozenset({"use_amp"}))),
        frozenset({("rank", False)}): (frozenset({3}), flow.SURE),
    }
    test = Branch(None, Guard.OTHER, Block(()), Block(()), None, condition=plan.atoms["use_amp"])
    taken = domain.assume(joined, test, True)
    assert taken == {
        frozenset({("rank", True), ("use_amp", True)}): (frozenset({1, 2}), flow.GUESSED),
        frozenset({("rank", False), ("use_amp", True)}): (frozenset({3}), flow.SURE),
    }
    domain.record(scaled_backward(4), taken, False)
    assert sorted(inner.records, key=repr) == [(frozenset({1, 2}), True), (frozenset({3}), False)]


def test_the_state_before_an_event_is_kept_apart_on_the_valuations_that_are_no_guess() -> None:
    """`before` joins every path, as the rules read it; `trusted` what the valuations that are no guess alone hold,
    with no entry for an event only guesses reached, and None where no guess reached any."""
    recorded: flow.Recorded[frozenset] = flow.Recorded()
    sure_only, both, guessed_only = scaled_backward(1), scaled_backward(2), scaled_backward(3)
    recorded.add(sure_only, frozenset({1}), False, frozenset.union)
    assert recorded.trusted() is None
    recorded.add(both, frozenset({1}), False, frozenset.union)
    recorded.add(both, frozenset({2}), True, frozenset.union)
    recorded.add(both, frozenset({3}), False, frozenset.union)
    recorded.add(guessed_only, frozenset({4}), True, frozenset.union)
    assert recorded.before == {1: frozenset({1}), 2: frozenset({1, 2, 3}), 3: frozenset({4})}
    assert recorded.trusted() == {1: frozenset({1}), 2: frozenset({1, 3})}


def test_paths_through_a_dispatch_that_tested_other_literals_on_the_way_are_one_valuation() -> None:
    """`if env == 'ddp': ... elif env == 'cpu': ...`: where `env == 'cpu'` holds, `env == 'ddp'` is false, as
    `Correlated.value` reads it; a path that tested it on the way and one that did not are one valuation, which says
    so (FlagAI's trainer: four back ends beside three tests of the step passed `MAX_VALUATIONS` and lost the
    dispatch), and the dispatch's twins still differ in one atom."""
    plan = flow.CorrelationPlan()
    ddp, cpu = (flow.Atom(f"env=={value}", frozenset({"env"}), "equal", "env", value) for value in ("'ddp'", "'cpu'"))
    unset = flow.Atom("env is None", frozenset({"env"}), "none", "env", "None")
    for atom in (ddp, cpu, unset, flow.Atom("fp16", frozenset({"fp16"}))):
        plan.keep(atom, [])
    domain = flow.Correlated(Union(), plan)  # type: ignore[arg-type]
    by_elif = domain.extend(frozenset({(ddp.key, False), ("fp16", True)}), ((cpu, True),))
    assert by_elif == domain.extend(frozenset({("fp16", True)}), ((cpu, True),))
    assert by_elif == frozenset({(cpu.key, True), (ddp.key, False), (unset.key, False), ("fp16", True)})
    not_cpu = domain.extend(frozenset({(ddp.key, False)}), ((cpu, False),))
    assert not_cpu == frozenset({(ddp.key, False), (cpu.key, False)})  # nothing holds: nothing more is said
    state = sure({by_elif: frozenset({1}), not_cpu | {("fp16", True)}: frozenset({1})})
    assert domain.merge_twins(state) == sure({frozenset({(ddp.key, False), ("fp16", True)}): frozenset({1})})


def test_a_content_made_again_is_the_one_made_first() -> None:
    """Both paths of a join hold the same content objects (`GradientDomain.contents_made`): a join's subset test and
    union end at identity, not comparing equal contents tag by tag (speechbrain's recipes: most of their CPU)."""
    from zerograd_lint.analysis.interpret.gradients import GradientDomain, Mark
    from zerograd_lint.analysis.interpret.locations import Locations
    from zerograd_lint.analysis.ir.structure import Structure

    domain = GradientDomain(
        optimizers=frozenset({"opt"}), model_keys=frozenset(), models={}, association={}, forward={},
        structure=Structure(), locations=Locations(),
    )
    state = domain.initial()
    caught = lambda content: content | {(Mark.CAUGHT,)}  # noqa: E731
    (first,), (again,) = domain.apply(state, ["opt"], caught)["opt"], domain.apply(state, ["opt"], caught)["opt"]
    assert first == frozenset({(Mark.INITIAL,), (Mark.CAUGHT,)})
    assert again is first


@pytest.mark.parametrize(
    "test, start, first, resumable, decided",
    [
        ("i > 1", "1", True, False, False),  # ignite's first batch: `engine.state.iteration > 1` false
        ("i > 1", "1", False, False, True),  # and true from the second on
        ("i > 1", "1", True, True, None),  # a resumed run's first batch may be past 1
        ("i > 0", "1", True, True, True),  # but it is at least 1
        ("i < 3", "1", False, False, None),  # a later value may be 2
        ("i < 2", "1", False, False, False),
        ("i == 1", "1", False, False, False),
        ("i == 1", "1", True, True, None),
        ("i >= 2", "1", False, False, True),  # `not (i < 2)`: the atom `i < 2` false
    ],
)
def test_a_counter_decides_its_order_tests_from_its_start(
    test: str, start: str, first: bool, resumable: bool, decided: bool | None
) -> None:
    condition = condition_of(cst.parse_expression(test), ROOT_NAMING)
    atom, negated = (condition.operand, True) if isinstance(condition, Not) else (condition, False)
    value = flow.counter_values(atom, start, first, resumable)
    assert (value if value is None or not negated else not value) == decided


class Stretches(Union):
    """An inner domain for which rebindings change nothing (`inert`), recording what reaches each event."""

    def __init__(self) -> None:
        self.recorded: flow.Recorded[frozenset] = flow.Recorded()
        self.transferred: list[int] = []

    def inert(self, event: object) -> bool:
        return isinstance(event, Rebind)

    def record(self, event: Backward | Rebind, state: frozenset, guessed: bool) -> None:
        self.recorded.add(event, state, guessed, self.join)

    def record_alike(self, event: Backward | Rebind, first: Backward | Rebind) -> None:
        self.recorded.add_alike(event, first)

    def transfer(self, event: Backward | Rebind, state: frozenset) -> frozenset:
        self.transferred.append(event.id)
        return state | {event.id}


class CountedRecords(Stretches):
    """`Stretches`, counting each state recorded."""

    def __init__(self) -> None:
        super().__init__()
        self.records: list[int] = []

    def record(self, event: Backward | Rebind, state: frozenset, guessed: bool) -> None:
        self.records.append(event.id)
        super().record(event, state, guessed)


def test_a_state_valuations_share_is_transferred_and_recorded_once() -> None:
    """A test splits a state into a valuation per arm, each holding it (`Correlated.assume`): each event changes it and
    records it once, not once per valuation (`Correlated.each`, `Correlated.record`), and they go on sharing what it
    becomes; what is recorded before each event is the same."""
    inner = CountedRecords()
    domain = flow.Correlated(inner, flow.CorrelationPlan())  # type: ignore[arg-type]
    shared = frozenset({0})
    state = sure({frozenset({("a", True)}): shared, frozenset({("a", False)}): shared, frozenset({("b", True)}): frozenset({9})})
    block = Block((Rebind(1, cst.Name("x"), frozenset({"x"})), scaled_backward(2), Rebind(3, cst.Name("x"), frozenset({"x"}))))
    after = flow.Interpreter(domain, Structure()).run(block, state).normal
    assert inner.transferred == [2, 2] and inner.records == [1, 1, 3, 3]  # two states held; 2 recorded as 1 (a stretch)
    assert inner.recorded.before == {1: frozenset({0, 9}), 2: frozenset({0, 9}), 3: frozenset({0, 2, 9})}
    assert after is not None and after[frozenset({("a", True)})][0] is after[frozenset({("a", False)})][0] == frozenset({0, 2})


def test_a_stretch_of_inert_events_is_recorded_as_its_first_and_not_transferred() -> None:
    """Rebindings an inlined helper's body goes on with, then a backward: the same states reach each of them as
    reached the first, recorded as its (`Interpreter.run_block`); only the backward is transferred, and the rebinding
    after it starts a stretch of its own."""
    inner = Stretches()
    domain = flow.Correlated(inner, flow.CorrelationPlan())  # type: ignore[arg-type]

    def rebind(event_id: int) -> Rebind:
        return Rebind(event_id, cst.Name("x"), frozenset({"x"}))

    helper = Inlined(cst.Name("f"), cst.Name("f"), Block((rebind(2), rebind(3))))
    block = Block((rebind(1), helper, scaled_backward(4), rebind(5)))
    state = sure({frozenset({("a", True)}): frozenset({0}), frozenset({("a", False)}): frozenset({9})})
    flow.Interpreter(domain, Structure()).run(block, state)
    assert inner.transferred == [4, 4]  # once per valuation
    assert inner.recorded.before == {1: frozenset({0, 9}), 2: frozenset({0, 9}), 3: frozenset({0, 9}), 4: frozenset({0, 9}), 5: frozenset({0, 4, 9})}
