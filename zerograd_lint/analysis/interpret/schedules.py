"""ZG204's question of the lifecycle IR: which scheduler steps can run before their optimizer's first step.

A small domain for the flow interpreter: the optimizers that may have stepped on
the way to each point. A step under any condition counts (`if sync: opt.step()`
then `sched.step()` is not reported: unknown never creates a report); what is
reported is a scheduler step that no step of its optimizer can precede, in the
first pass through its loops: at the top of the epoch loop, or before the
optimizer's step in the iteration. A test that is false in a loop's first
iteration (`if epoch > 0:`) keeps that first pass from the steps it guards, the bound an integer or a number the
file shows for it (`if epoch > args.warmup_epochs:` with the option's default 5, read where the test is); so
does one of a parameter named as the epoch or iteration its caller counts
(`def observe(self, inputs, epoch)`): the first call of a body that a loop of
the caller runs is that loop's first iteration.
The step that follows an early scheduler step must be on a path whose tests agree with the early one's (RULES.md,
"Correlated conditions"): `if args.deepspeed:` stepping the engine then the scheduler, the other arm the optimizer then
the scheduler, is two runs, neither of which skips a value; that is asked of a second pass that keeps the tests apart.
A scheduler step before the training loops, in a loop fast-forwarding the schedule to the epoch a run resumes at
(`for _ in range(start_epoch): scheduler.step()`), is deliberate, unless the count is a number the file writes on one
path and a value it reads (a checkpoint's epoch) on another, and the loop runs at least once with the number: that
path is the fresh run, which no epoch precedes (`epoch_str = 1` in the `except:` of the checkpoint's load, then
`range(epoch_str)`), and its schedule moves before any step (`fast_forwards_on_a_fresh_run`). A count that is always
the same number (`start_epoch = 2`) fast-forwards on purpose.
Such a scheduler step is reported only when a step of its optimizer follows it
on some path with the optimizer's name still bound to the same object: a name
bound anew to a value that does not read it (`model, optimizer, sched =
build()` in the next function the loop calls) names another optimizer, whose
step says nothing of the first one's (unknown: silent). A helper's value that
reads a parameter reads what the call hands it: `optim_g, optim_d = optims` in
the function the epoch loop calls with `[optim_g, optim_d]` binds the caller's
optimizers again, not new ones (`read_through_calls`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from itertools import product
from typing import Callable, Mapping

import libcst as cst

from zerograd_lint.analysis.interpret.flow import Correlated, CorrelationPlan, Interpreter, PassThrough
from zerograd_lint.analysis.ir.inlining import assigned_in
from zerograd_lint.analysis.ir.names import assigned_names, code_of
from zerograd_lint.analysis.ir.state_events import names_read
from zerograd_lint.analysis.ir.nodes import Assign, Branch, Event, Inlined, Loop, Node, SchedulerStep, Step, children, events_in
from zerograd_lint.analysis.ir.spelling import Namespace
from zerograd_lint.analysis.ir.state_events import known_number
from zerograd_lint.analysis.ir.structure import Structure

NumberOf = Callable[[cst.BaseExpression], float | None]  # the number the file shows an expression is, where it is read


@dataclass(frozen=True)
class Progress:
    stepped: frozenset[str]  # optimizers that may have stepped on the way here
    later: bool  # every way here passed a test that is false in a loop's first iteration
    waiting: frozenset[SchedulerStep] = frozenset()  # early scheduler steps whose optimizer has not stepped since


@dataclass
class FirstStepDomain(PassThrough):
    counters: frozenset[str]  # loop variables and names counted up with `+= 1`
    handed: dict[Assign, frozenset[str]]  # an inlined helper's assignment -> the caller's names its value reads
    namespaces: Mapping[Event | Loop, Namespace] = field(default_factory=dict)  # what each event's code sees
    followed: dict[SchedulerStep, set[Step]] = field(default_factory=dict)  # early ones, and the steps they precede

    def transfer(self, event: Event, state: Progress) -> Progress:
        if isinstance(event, Step):
            for early in (s for s in state.waiting if s.optimizer == event.optimizer):
                self.followed.setdefault(early, set()).add(event)
            waiting = frozenset(s for s in state.waiting if s.optimizer != event.optimizer)
            return Progress(state.stepped | {event.optimizer}, state.later, waiting)
        if isinstance(event, SchedulerStep) and event.optimizer not in state.stepped and not state.later:
            return Progress(state.stepped, state.later, state.waiting | {event})
        if isinstance(event, Assign) and state.waiting:
            # `optimizer = AdamW(...)`, not `optimizer = accelerator.prepare(optimizer)`: the name's object is new.
            renewed = event.names - event.uses - self.handed.get(event, frozenset())
            return Progress(state.stepped, state.later, frozenset(s for s in state.waiting if s.optimizer not in renewed))
        return state

    def join(self, first: Progress, second: Progress) -> Progress:
        return Progress(first.stepped | second.stepped, first.later and second.later, first.waiting | second.waiting)

    def assume(self, state: Progress, branch: Branch, truth: bool) -> Progress:
        first = first_iteration_truth(branch.test, self.counters, number_of_at(branch, self.namespaces))
        return replace(state, later=True) if first is not None and first != truth else state


class CorrelatedFirstSteps(Correlated[Progress]):
    """The first steps kept apart per valuation of the tests passed (RULES.md, "Correlated conditions"): a scheduler
    stepped in the DeepSpeed arm of `if args.deepspeed:` is not followed by the optimizer's step in the other arm,
    which no iteration of that run takes. Each arm taken is also told to the domain (a counter's first iteration)."""

    def assume(self, state: dict, branch: Branch, truth: bool) -> dict | None:
        taken = super().assume(state, branch, truth)
        return None if taken is None else self.each(taken, lambda inner: self.inner.assume(inner, branch, truth))


def number_of_at(branch: Branch, namespaces: Mapping[Event | Loop, Namespace]) -> NumberOf:
    """The numbers the file shows for expressions of a branch's test, read where an event of its own code in either
    arm is (an arm's first events, not those of a helper it inlines); none where no such event is known."""
    for event in (*branch.then.items, *branch.orelse.items):
        namespace = namespaces.get(event) if isinstance(event, Event) else None
        if namespace is not None:
            return lambda expression: known_number(expression, namespace.resolver)
    return lambda expression: None


def first_iteration_truth(
    test: cst.BaseExpression | None, counters: frozenset[str], number_of: NumberOf = lambda expression: None
) -> bool | None:
    """What a test of a counter gives while the counter is still 0 (`epoch > 0` -> False), if it is such a test, the
    bound an integer or what `number_of` says it is (an option's default: `epoch > args.warmup_epochs`)."""
    if isinstance(test, cst.UnaryOperation) and isinstance(test.operator, cst.Not):
        inner = first_iteration_truth(test.expression, counters, number_of)
        return None if inner is None else not inner
    if isinstance(test, (cst.Name, cst.Attribute)):
        return False if code_of(test) in counters else None
    if isinstance(test, cst.BooleanOperation):
        left, right = first_iteration_truth(test.left, counters, number_of), first_iteration_truth(test.right, counters, number_of)
        if isinstance(test.operator, cst.And):
            return False if False in (left, right) else None
        return True if True in (left, right) else None
    if not (isinstance(test, cst.Comparison) and len(test.comparisons) == 1):
        return None
    left, target = test.left, test.comparisons[0]
    right, operator = target.comparator, type(target.operator)
    if code_of(right) in counters and code_of(left) not in counters:
        left, right = right, left
        operator = {cst.GreaterThan: cst.LessThan, cst.LessThan: cst.GreaterThan,
                    cst.GreaterThanEqual: cst.LessThanEqual, cst.LessThanEqual: cst.GreaterThanEqual}.get(operator, operator)
    bound = int(right.value) if isinstance(right, cst.Integer) else number_of(right)
    if code_of(left) not in counters or bound is None:
        return None
    compare = {
        cst.GreaterThan: 0 > bound, cst.GreaterThanEqual: 0 >= bound, cst.LessThan: 0 < bound,
        cst.LessThanEqual: 0 <= bound, cst.Equal: 0 == bound, cst.NotEqual: 0 != bound,
    }
    return compare.get(operator)


# The count of epochs or iterations a caller hands the body its loop runs: `epoch`, `cur_epoch`, `iteration_idx`.
COUNT_PARAMETER = re.compile(r"^(?:(?:cur|curr|current)_)?(?:epoch|iteration)(?:_?(?:idx|index))?$")


def counters_of(block: Node, root: cst.CSTNode) -> frozenset[str]:
    """Loop variables (`for epoch in ...`, `for i, batch in enumerate(...)`), names incremented with `+=`, and the
    parameters of the root and of the functions it inlines named as a count (`COUNT_PARAMETER`) that they never
    assign."""
    found: set[str] = set(counted_parameters(root))
    stack = [block]
    while stack:
        node = stack.pop()
        if isinstance(node, Loop) and isinstance(node.node, cst.For):
            found.update(code_of(n) for n in assigned_names(node.node.target))
        if isinstance(node, Assign) and isinstance(node.node, cst.AugAssign):
            found.update(node.names)
        if isinstance(node, Inlined):
            found.update(counted_parameters(node.function))
        if not isinstance(node, Event):
            stack.extend(children(node))
    return frozenset(found)


def counted_parameters(function: cst.CSTNode) -> set[str]:
    """A def's parameters named as a count its caller hands (`COUNT_PARAMETER`) that its body never assigns."""
    if not isinstance(function, cst.FunctionDef):
        return set()
    params = function.params
    named = [p.name.value for p in (*params.posonly_params, *params.params, *params.kwonly_params)]
    return {name for name in named if COUNT_PARAMETER.match(name) and name not in assigned_in(function)}


def read_through_calls(node: Node, handed: dict[str, frozenset[str]]) -> dict[Assign, frozenset[str]]:
    """Each assignment of an inlined helper whose value reads parameters, with the names the call's arguments for
    them read, in the caller's own terms when the caller is inlined too (`handed`: a parameter -> those names). A
    parameter the helper binds again reads nothing of the call's."""
    if isinstance(node, Assign):
        through = frozenset(name for use in node.uses for name in handed.get(use, ()))
        return {node: through} if through else {}
    if isinstance(node, Event):
        return {}
    if isinstance(node, Inlined) and isinstance(node.function, cst.FunctionDef):
        rebound = assigned_in(node.function)
        handed = {
            parameter: frozenset(read | {name for used in read for name in handed.get(used, ())})
            for parameter, argument in node.arguments if parameter not in rebound
            for read in [names_read(argument)]
        }
    return {assign: names for child in children(node) for assign, names in read_through_calls(child, handed).items()}


def early_scheduler_steps(
    block: Node, events: tuple[Event, ...], root: cst.CSTNode, namespaces: Mapping[Event | Loop, Namespace]
) -> list[tuple[SchedulerStep, Step]]:
    """Scheduler steps that can run before any step of their optimizer, each with that optimizer's
    first step in the code after it (whose first run comes too late)."""
    scheduler_steps = [e for e in events if isinstance(e, SchedulerStep)]
    stepped = {e.optimizer for e in events if isinstance(e, Step)}
    if not any(s.optimizer in stepped for s in scheduler_steps):
        return []  # the optimizer is stepped elsewhere, or not visibly: unknown
    counters, handed, structure = counters_of(block, root), read_through_calls(block, {}), Structure()
    # Early where no path may have stepped the optimizer before, whatever the tests on those paths say: a step under
    # any condition counts (`if sync: opt.step()` then `sched.step()`)...
    loose = FirstStepDomain(counters, handed, namespaces)
    Interpreter(loose, structure).run(block, Progress(frozenset(), False))
    if not loose.followed:
        return []
    # ...and followed by a step of its optimizer on a path whose tests agree with the early one's.
    kept_apart = FirstStepDomain(counters, handed, namespaces)
    correlated = CorrelatedFirstSteps(kept_apart, CorrelationPlan.of(block, structure))
    Interpreter(correlated, structure).run(block, correlated.start(Progress(frozenset(), False)))
    found = []
    for scheduler_step in scheduler_steps:
        followed = loose.followed.get(scheduler_step, set()) & kept_apart.followed.get(scheduler_step, set())
        steps = sorted(followed, key=events.index)
        if steps:
            later = [s for s in steps if events.index(s) > events.index(scheduler_step)]
            found.append((scheduler_step, (later or steps)[0]))
    return found


Numbers = dict[str, frozenset[int | None]]  # a name -> the integers it may hold (None: a value not known)


@dataclass
class NumbersDomain(PassThrough):
    """The integer literals each of `names` may hold on the way to each scheduler step (a value that is no literal:
    None)."""

    names: frozenset[str]
    before: dict[int, Numbers] = field(default_factory=dict)  # scheduler step id -> the numbers reaching it

    def transfer(self, event: Event, state: Numbers) -> Numbers:
        if isinstance(event, SchedulerStep):
            previous = self.before.get(event.id)
            self.before[event.id] = state if previous is None else self.join(previous, state)
        if isinstance(event, Assign) and event.names & self.names:
            value = getattr(event.node, "value", None)
            number = int(value.value) if isinstance(value, cst.Integer) and not isinstance(event.node, cst.AugAssign) else None
            return {**state, **{name: frozenset({number}) for name in event.names & self.names}}
        return state

    def join(self, first: Numbers, second: Numbers) -> Numbers:
        return {name: first.get(name, frozenset({None})) | second.get(name, frozenset({None})) for name in first.keys() | second.keys()}


def fast_forwards_on_a_fresh_run(block: Node) -> frozenset[int]:
    """The scheduler steps in a `for` over `range(...)` whose count is, on some path, made of numbers the file writes
    (`epoch_str = 1` in the `except:` of a checkpoint's load) that run the loop at least once, and on another a value
    read from elsewhere (the checkpoint's epoch)."""
    loops = [(loop, step) for step, loop in innermost_loops(block, None) if range_arguments(loop) is not None]
    if not loops:
        return frozenset()
    read = {name for loop, _ in loops for argument in range_arguments(loop) or () for name in names_of_count(argument) or ()}
    domain = NumbersDomain(frozenset(read))
    Interpreter(domain, Structure()).run(block, {})
    found = set()
    for loop, step in loops:
        rebound = {name for e in events_in(loop.body) if isinstance(e, Assign) for name in e.names}
        arguments = range_arguments(loop) or ()
        numbers = domain.before.get(step.id)
        if numbers is not None and not rebound & read and runs_at_least_once(arguments, numbers):
            found.add(step.id)
    return frozenset(found)


def innermost_loops(node: Node, around: Loop | None) -> list[tuple[SchedulerStep, Loop]]:
    """Each scheduler step inside a loop, with the innermost loop around it."""
    if isinstance(node, SchedulerStep):
        return [(node, around)] if around is not None else []
    if isinstance(node, Event):
        return []
    inner = node if isinstance(node, Loop) else around
    return [found for child in children(node) for found in innermost_loops(child, inner)]


def range_arguments(loop: Loop) -> tuple[cst.BaseExpression, ...] | None:
    """`n` of `for _ in range(n)`, `a` and `b` of `range(a, b)`; None for any other loop."""
    iterable = loop.node.iter if isinstance(loop.node, cst.For) else None
    if not (isinstance(iterable, cst.Call) and code_of(iterable.func) == "range" and 1 <= len(iterable.args) <= 2):
        return None
    return tuple(argument.value for argument in iterable.args)


def names_of_count(value: cst.BaseExpression) -> list[str] | None:
    """The names a count adds or subtracts with integers (`epoch_str - 1`); None for anything else."""
    if isinstance(value, cst.Name):
        return [value.value]
    if isinstance(value, cst.Integer):
        return []
    if isinstance(value, cst.BinaryOperation) and isinstance(value.operator, (cst.Add, cst.Subtract)):
        left, right = names_of_count(value.left), names_of_count(value.right)
        return None if left is None or right is None else left + right
    return None


def count_of(value: cst.BaseExpression, numbers: dict[str, int]) -> int:
    """The value of a count `names_of_count` reads, with each name holding its number."""
    if isinstance(value, cst.Name):
        return numbers[value.value]
    if isinstance(value, cst.Integer):
        return int(value.value)
    assert isinstance(value, cst.BinaryOperation)
    left, right = count_of(value.left, numbers), count_of(value.right, numbers)
    return left + right if isinstance(value.operator, cst.Add) else left - right


def runs_at_least_once(arguments: tuple[cst.BaseExpression, ...], numbers: Numbers) -> bool:
    """Whether, for some numbers the names may hold together, `range(*arguments)` is not empty, where one of the names
    may also hold a value that is no number of the file's (the fresh run's count, not a constant's)."""
    names = [names_of_count(argument) for argument in arguments]
    if any(found is None for found in names):
        return False
    read = sorted({name for found in names for name in found or ()})
    if not any(None in numbers.get(name, frozenset()) for name in read):
        return False
    choices = [sorted(n for n in numbers.get(name, frozenset()) if n is not None) for name in read]
    for values in product(*choices):
        held = dict(zip(read, values))
        counts = [count_of(argument, held) for argument in arguments]
        if (counts[0] if len(counts) == 1 else counts[1] - counts[0]) >= 1:
            return True
    return False
