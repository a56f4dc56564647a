"""What an object's settings say about how it was built: the tests its truthy values were assigned under.

A trainer chooses its back end once: `__init__` sets `self.use_amp = True` only `if args.fp16 and not
args.deepspeed:` (with `self.args = args`), and `train()` sets `self.deepspeed = model` only `if
self.args.deepspeed:`. Where `self.use_amp` is true, `self.args.deepspeed` is false; where `self.deepspeed` is,
it is true: a path on which both are true does not exist (RULES.md, "Correlated conditions"), though no test of
the loop says so. `truth_implications` reads every method of the object's classes for those facts, where they hold
whatever the methods run: each truthy (not None) value of the setting is assigned under the same tests, every one
of them of names that only `__init__` binds, and nothing else assigns the setting (no nested def, no tuple target,
no augmented assignment). A class whose bases are not all the project's may assign anything: no facts.

A method's tests may read the object's settings through a local name: one bound once, at the top of its body, to
a chain of `self` (`args = self.args`), or a parameter of a private method (`_inner_training_loop(self, args=None)`)
that every call of it the lineage holds hands the same such chain (`train()` calling it with `args=args`, directly
or through a keyword forwarder, `find_executable_batch_size(self._inner_training_loop, ...)(args=args)`): `args.x`
reads `self.args.x` there (`handed_chains`). A method referenced any other way may be called by anyone: unknown.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterator, Optional, Sequence

import libcst as cst

from zerograd_lint.analysis.ir.conditions import Naming, condition_of, learn, literal_of
from zerograd_lint.analysis.ir.index import statements_in, suites
from zerograd_lint.analysis.ir.inlining import bindings
from zerograd_lint.analysis.ir.names import assigned_names, code_of, dotted_name
from zerograd_lint.analysis.ir.visiting import nodes_of
from zerograd_lint.analysis.ir.vocabulary import KEYWORD_FORWARDERS

Fact = tuple[str, bool]  # (a chain such as `self.args.deepspeed`, its truth)
Tests = tuple[tuple[cst.BaseExpression, bool], ...]  # the `if` tests around a statement, each with its arm's truth
Assigned = tuple[cst.Attribute, cst.BaseExpression, Tests, bool]  # `self.x`, its value, the tests, the value whole?
FALSY_LITERALS = frozenset({"False", "None", "0", "0.0", "''"})
INIT = "__init__"


@dataclass(frozen=True)
class Made:
    """One `self.x = value` of a method: the tests it is made under, and whether `value` is a name of the method
    not rebound since (`self.args = args`: then `args.fp16` below reads `self.args.fp16`)."""

    method: str
    value: cst.BaseExpression
    facts: tuple[Fact, ...]
    alias: bool


@dataclass
class Assignments:
    made: dict[str, list[Made]] = field(default_factory=dict)  # `x` of `self.x` -> its assignments
    spoiled: set[str] = field(default_factory=set)  # `x` of a `self.x` assigned in a way not read here: never a setting
    mutated: set[str] = field(default_factory=set)  # chains changed in place: `self.args.fp16` of `self.args.fp16 = True`


def truth_implications(classes: Sequence[tuple[object, cst.ClassDef]], own: bool) -> dict[str, tuple[frozenset[Fact], frozenset[Fact]]]:
    """`self.x` -> (the facts its truth implies, those its not being None implies), for the settings of an instance
    of `classes[0]` (its lineage, nearest first); `own`: every base is the project's (else nothing is known)."""
    if not own or not classes:
        return {}
    found = Assignments()
    for _, cls in classes:
        named = set_by_name(cls)
        if "self" in named:
            return {}
        found.mutated |= named
    handed = handed_chains([cls for _, cls in classes])
    for _, cls in classes:
        for statement in statements_in(cls.body):
            if isinstance(statement, cst.FunctionDef):
                read_method(statement, found, handed)
            elif isinstance(statement, cst.SimpleStatementLine):
                class_attributes(statement, found)
    stable = {
        name for name, made in found.made.items()
        if name not in found.spoiled and all(m.method == INIT and m.alias for m in made)
    }
    implications: dict[str, tuple[frozenset[Fact], frozenset[Fact]]] = {}
    for name, made in found.made.items():
        if name in found.spoiled:
            continue
        # A value assigned where the setting is already true (`if self.engine: ... self.engine = rebuilt`) replaces
        # a true one, made under the facts the others say: it keeps them, whatever its own tests.
        made = [m for m in made if (f"self.{name}", True) not in m.facts]
        truthy = common(m.facts for m in made if literal_of(m.value) not in FALSY_LITERALS)
        present = common(m.facts for m in made if literal_of(m.value) != "None")
        truthy, present = (frozenset(f for f in facts if holds(f[0], stable, found.mutated)) for facts in (truthy, present))
        if truthy or present:
            implications[f"self.{name}"] = (truthy, present)
    return implications


def set_by_name(cls: cst.ClassDef) -> set[str]:
    """The chains the class's code sets by name: `self` for `setattr(self, key, value)` or `self.__dict__.update(...)`
    (any attribute, the settings themselves included: nothing is known), `self.args.lr` for `setattr(self.args, "lr",
    value)`. A key only the run knows on a part of `self` (`setattr(self.args, key, value)` over a hyperparameter
    search's trial) names no attribute the code shows: a path on which it turned the back end chosen at construction
    on would rest on that unknown alone, and unknown never makes a report (RULES.md)."""
    found = set()
    for node in nodes_of(cls.body, (cst.Call, cst.Attribute)):  # type: ignore[arg-type]
        if isinstance(node, cst.Call) and dotted_name(node.func) == "setattr" and len(node.args) > 1:
            chain = dotted_name(node.args[0].value)
            key = node.args[1].value
            if chain == "self":
                found.add(chain)
            elif chain is not None and chain.startswith("self.") and isinstance(key, cst.SimpleString):
                found.add(f"{chain}.{key.evaluated_value}")
        elif isinstance(node, cst.Attribute) and node.attr.value == "__dict__" and dotted_name(node.value) == "self":
            found.add("self")
    return found


def class_attributes(statement: cst.SimpleStatementLine, found: Assignments) -> None:
    """A class-level value is the instance's until a method assigns one: a truthy one (`use_amp = True`) is a value no
    test guards, and a field (`use_amp: bool = False`, a dataclass's `__init__` parameter) any value: never settings."""
    for small in statement.body:
        if isinstance(small, cst.AnnAssign) and isinstance(small.target, cst.Name):
            found.spoiled.add(small.target.value)
        elif isinstance(small, cst.Assign) and literal_of(small.value) not in FALSY_LITERALS:
            found.spoiled.update(n.value for target in small.targets for n in assigned_names(target.target) if isinstance(n, cst.Name))


def holds(chain: str, stable: set[str], mutated: set[str]) -> bool:
    """Whether a chain read by a setting's test keeps its value once the object is built: it reads an attribute
    `__init__` binds to its argument only (`self.args`), and nothing changes it or a part of it in place."""
    parts = chain.split(".")
    return len(parts) > 2 and parts[0] == "self" and parts[1] in stable and not any(
        chain == changed or chain.startswith(changed + ".") for changed in mutated
    )


def common(fact_sets: Iterator[tuple[Fact, ...]]) -> frozenset[Fact]:
    """The facts every assignment was made under (none where no assignment was)."""
    result: frozenset[Fact] | None = None
    for facts in fact_sets:
        result = frozenset(facts) if result is None else result & frozenset(facts)
    return result or frozenset()


def read_method(method: cst.FunctionDef, found: Assignments, handed: dict[cst.FunctionDef, dict[str, str]]) -> None:
    """The method's `self.x` assignments in source order, with the tests around each, read through the names the
    method has bound to `self.x` so far (forgotten when the name is bound again), and the names that read a chain
    of `self` in the whole method (`handed`: its parameters from the first statement, a local from its binding)."""
    reads = handed.get(method, {})
    aliases = {name: chain for name, chain in reads.items() if name in parameters_of(method)}
    for event in assignments_in(statements_in(method.body), (), found, aliases):
        if isinstance(event, str):  # a local name bound (again)
            aliases.pop(event, None)
            if event in reads:
                aliases[event] = reads[event]
            continue
        target, value, tests, whole = event
        chain = code_of(target)
        facts = tuple(fact for test, truth in tests for fact in facts_of(test, truth, aliases))
        # An arm of `a if t else b` is `self.x` only where its test held: no name for `self.x` after it.
        alias = whole and isinstance(value, cst.Name) and value.value not in FALSY_LITERALS | {"True"}
        if alias:
            aliases[value.value] = chain  # type: ignore[union-attr]
        found.made.setdefault(chain[len("self."):], []).append(Made(method.name.value, value, facts, alias))


def assignments_in(
    body: Sequence[cst.CSTNode], tests: Tests, found: Assignments, aliases: dict[str, str]
) -> Iterator[Assigned | str]:
    """In source order: each `self.x = value` of a method's statements with the `if` tests around it (the test, the
    arm's truth) and whether `value` is all that is assigned (not an arm of a conditional expression, `chosen`), and
    each local name bound; an assignment of `self.x` of any other form marks `x` spoiled.
    `aliases`: the names that read a chain of `self` at this point (`args.fp16 = True` changes `self.args.fp16`)."""
    for statement in body:
        if isinstance(statement, (cst.SimpleStatementLine, cst.BaseSmallStatement)):
            for small in statement.body if isinstance(statement, cst.SimpleStatementLine) else [statement]:
                if isinstance(small, (cst.Assign, cst.AnnAssign)) and small.value is not None:
                    for target in [t.target for t in small.targets] if isinstance(small, cst.Assign) else [small.target]:
                        if own_attribute(target) is not None:
                            yield from chosen(target, small.value, tests)  # type: ignore[arg-type]
                        else:
                            yield from changed(target, found, aliases)
                elif isinstance(small, cst.AugAssign):
                    yield from changed(small.target, found, aliases)
                    if own_attribute(small.target) is not None:
                        found.spoiled.add(own_attribute(small.target) or "")
        elif isinstance(statement, cst.If):
            yield from assignments_in(statement.body.body, (*tests, (statement.test, True)), found, aliases)
            orelse = statement.orelse
            if orelse is not None:
                yield from assignments_in(
                    [orelse] if isinstance(orelse, cst.If) else orelse.body.body, (*tests, (statement.test, False)), found, aliases
                )
        elif isinstance(statement, (cst.FunctionDef, cst.ClassDef)):
            for target in targets_in(statement.body):
                for _ in changed(target, found, aliases):  # a nested def may run at any time: what it assigns is unseen
                    pass
                if own_attribute(target) is not None:
                    found.spoiled.add(own_attribute(target) or "")
            yield statement.name.value
        else:
            for node in headers_of(statement):
                yield from changed(node, found, aliases)
            for suite in suites(statement):
                yield from assignments_in(suite, tests, found, aliases)


def chosen(target: cst.Attribute, value: cst.BaseExpression, tests: Tests, whole: bool = True) -> Iterator[Assigned]:
    """`self.x = a if t else b` is `if t: self.x = a` and `else: self.x = b` (a scaler built only where the settings
    ask for mixed precision, `GradScaler() if self.configs.use_amp else None`)."""
    if isinstance(value, cst.IfExp):
        yield from chosen(target, value.body, (*tests, (value.test, True)), False)
        yield from chosen(target, value.orelse, (*tests, (value.test, False)), False)
    else:
        yield target, value, tests, whole


def own_attribute(target: cst.BaseExpression) -> str | None:
    """`x` of `self.x`."""
    if isinstance(target, cst.Attribute) and isinstance(target.value, cst.Name) and target.value.value == "self":
        return target.attr.value
    return None


def changed(target: cst.BaseExpression, found: Assignments, aliases: dict[str, str]) -> Iterator[str]:
    """The local names a target other than a plain `self.x` binds (yielded), the `self.x` it holds inside a tuple
    (spoiled), and the chains it changes in place (`self.args.fp16`, `self.cfg` of `self.cfg["amp"]`, `args.fp16`
    where `args` reads `self.args`: mutated)."""
    if isinstance(target, cst.Name):
        yield target.value
    elif isinstance(target, (cst.Tuple, cst.List)):
        for element in target.elements:
            if own_attribute(element.value) is not None:
                found.spoiled.add(own_attribute(element.value) or "")
            yield from changed(element.value, found, aliases)
    elif isinstance(target, cst.StarredElement):
        yield from changed(target.value, found, aliases)
    elif isinstance(target, (cst.Attribute, cst.Subscript)):
        chain = read_through(dotted_name(target) if isinstance(target, cst.Attribute) else dotted_name(target.value), aliases)
        if chain is not None and chain.startswith("self."):
            found.mutated.add(chain)


def headers_of(statement: cst.CSTNode) -> Iterator[cst.BaseExpression]:
    """The names a compound statement binds before its bodies run: a for's target, a with's `as`, a handler's name."""
    if isinstance(statement, cst.For):
        yield statement.target
    for item in getattr(statement, "items", ()):
        if isinstance(item, cst.WithItem) and item.asname is not None:
            yield item.asname.name  # type: ignore[misc]
    for handler in getattr(statement, "handlers", ()):
        if handler.name is not None:
            yield handler.name.name  # type: ignore[misc]


def targets_in(body: cst.CSTNode) -> Iterator[cst.BaseExpression]:
    """Every assignment target under a node."""
    for node in nodes_of(body, (cst.AssignTarget, cst.AnnAssign, cst.AugAssign, cst.For, cst.CompFor, cst.WithItem)):  # type: ignore[arg-type]
        if isinstance(node, cst.AssignTarget):
            yield node.target
        elif isinstance(node, (cst.AnnAssign, cst.AugAssign)):
            yield node.target
        elif isinstance(node, (cst.For, cst.CompFor)):
            yield node.target
        elif isinstance(node, cst.WithItem) and node.asname is not None:
            yield node.asname.name  # type: ignore[misc]


def facts_of(test: cst.BaseExpression, truth: bool, aliases: dict[str, str]) -> frozenset[Fact]:
    """The truths of chains an `if` test's arm says for sure, whichever way it holds (`conditions.learn`): `a and not b`
    true says `a` and not `b`; `a or b` false says not `a`, not `b`; `a or b` true says nothing. A name the method
    bound to `self.x` reads as `self.x` (`aliases`)."""
    ways = learn(condition_of(test, Naming(params=aliases)), truth)
    return common(tuple((atom.key, value) for atom, value in way if atom.kind == "flag") for way in ways)


Site = tuple[Optional[cst.FunctionDef], Sequence[cst.Arg], bool]  # the calling method (None: in a nested scope), its arguments, read by position?


def handed_chains(classes: Sequence[cst.ClassDef]) -> dict[cst.FunctionDef, dict[str, str]]:
    """Each method of the lineage -> its names that read a chain of `self` (`names_of`): a local bound once at the top
    of its body to such a chain, and a parameter of a private, undecorated method that every call of it hands the same
    chain. Its calls are those the lineage's methods make on `self`, directly or through a keyword forwarder bound
    once at the top of the caller and only called (`KEYWORD_FORWARDERS`: keywords only, a batch size goes first); a
    method referenced any other way (`super()._m()`, `Base._m(self)`, handed elsewhere) has callers unseen."""
    methods = [s for cls in classes for s in statements_in(cls.body) if isinstance(s, cst.FunctionDef)]
    running: dict[str, cst.FunctionDef] = {}
    for method in methods:  # nearest first: the one `self.m()` runs
        running.setdefault(method.name.value, method)
    private = {name for name, method in running.items() if name.startswith("_") and not name.endswith("__") and not method.decorators}
    sites: dict[str, list[Site]] = {name: [] for name in private}
    references: list[cst.Attribute] = []  # every `x._m` of the lineage's code
    seen: set[int] = set()  # those read as calls
    for cls in classes:
        for statement in statements_in(cls.body):
            if not isinstance(statement, cst.FunctionDef):
                references += [node for node in nodes_of(statement, cst.Attribute) if node.attr.value in private]
                continue
            nodes = nodes_of(statement.body, (cst.Call, cst.Attribute, cst.FunctionDef, cst.Lambda, cst.ClassDef))  # type: ignore[arg-type]
            nested = {id(call) for scope in nodes if isinstance(scope, (cst.FunctionDef, cst.Lambda, cst.ClassDef)) for call in nodes_of(scope, cst.Call)}
            for node in nodes:
                if isinstance(node, cst.Attribute) and node.attr.value in private:
                    references.append(node)
                elif isinstance(node, cst.Call) and (name := own_attribute(node.func)) in private:
                    sites[name].append((None if id(node) in nested else statement, node.args, True))  # type: ignore[index]
                    seen.add(id(node.func))
            for name, reference, calls in forwarded(statement, private):
                sites[name].extend((statement, call.args, False) for call in calls)
                seen.add(id(reference))
    for reference in references:
        if id(reference) not in seen:
            sites.pop(reference.attr.value, None)
    names: dict[cst.FunctionDef, dict[str, str]] = {}
    for method in methods:
        names_of(method, sites, running, names, set())
    return {method: found for method, found in names.items() if found}


def forwarded(method: cst.FunctionDef, private: set[str]) -> Iterator[tuple[str, cst.Attribute, list[cst.Call]]]:
    """Each private method a keyword forwarder bound in `method` wraps (`inner = find_executable_batch_size(
    self._inner_training_loop, ...)`, at its top or in a block: `if first_run: inner = ...`), the reference, and the
    calls of the forwarder: the name bound once and only called."""
    for statement in every_statement(method.body):
        small = statement.body[0] if isinstance(statement, cst.SimpleStatementLine) and len(statement.body) == 1 else None
        if not (isinstance(small, cst.Assign) and len(small.targets) == 1 and isinstance(target := small.targets[0].target, cst.Name)):
            continue
        value = small.value
        if not isinstance(value, cst.Call) or (dotted_name(value.func) or "").rsplit(".", 1)[-1] not in KEYWORD_FORWARDERS:
            continue
        wrapped = next((a.value for a in value.args if a.keyword is None or a.keyword.value == "function"), None)
        if wrapped is None or own_attribute(wrapped) not in private or not bound_once(method, target.value):
            continue
        uses = [node for node in nodes_of(method.body, cst.Name) if node.value == target.value and node is not target]
        calls = [call for call in nodes_of(method.body, cst.Call) if call.func in uses]
        if len(calls) == len(uses):
            yield own_attribute(wrapped), wrapped, calls  # type: ignore[misc]


def every_statement(body: cst.BaseSuite) -> Iterator[cst.CSTNode]:
    """The statements of a body and of the blocks inside it (not those of a nested def or class), in source order."""
    pending = list(reversed(statements_in(body)))
    while pending:
        statement = pending.pop()
        yield statement
        pending.extend(each for suite in reversed([*suites(statement)]) for each in reversed(suite))


def bound_once(method: cst.FunctionDef, name: str) -> bool:
    """Whether the method binds the name once, by one assignment (no parameter of that name)."""
    return name not in parameters_of(method) and sum(
        isinstance(target, cst.Name) and target.value == name for target in bindings(method).targets
    ) == 1


def names_of(
    method: cst.FunctionDef, sites: dict[str, list[Site]], running: dict[str, cst.FunctionDef],
    names: dict[cst.FunctionDef, dict[str, str]], visiting: set[cst.FunctionDef],
) -> dict[str, str]:
    """The names of `method` that read a chain of `self` (memo: `names`); a method whose callers' names are being
    found (a cycle of calls) knows none."""
    if method in names:
        return names[method]
    if method in visiting:
        return {}
    visiting.add(method)
    found: dict[str, str] = {}
    params = parameters_of(method)
    if running.get(method.name.value) is method and sites.get(method.name.value):
        rebound = {target.value for target in bindings(method).targets if isinstance(target, cst.Name)}
        for position, param in enumerate(params[1:]):
            chains = {handed_at(site, position, param, sites, running, names, visiting) for site in sites[method.name.value]}
            if len(chains) == 1 and None not in chains and param not in rebound:
                found[param] = chains.pop()  # type: ignore[assignment]
    for statement in statements_in(method.body):
        small = statement.body[0] if isinstance(statement, cst.SimpleStatementLine) and len(statement.body) == 1 else None
        if isinstance(small, cst.Assign) and len(small.targets) == 1 and isinstance(target := small.targets[0].target, cst.Name):
            chain = read_through(dotted_name(small.value), found)
            if chain is not None and is_own(chain) and bound_once(method, target.value):
                found[target.value] = chain
    visiting.discard(method)
    names[method] = found
    return found


def handed_at(
    site: Site, position: int, param: str, sites: dict[str, list[Site]], running: dict[str, cst.FunctionDef],
    names: dict[cst.FunctionDef, dict[str, str]], visiting: set[cst.FunctionDef],
) -> str | None:
    """The chain of `self` a call hands the parameter (`position`: after `self`), read through its caller's names;
    None where it hands something else, nothing (the default), or may hand it by `*args` or `**kwargs`."""
    caller, args, by_position = site
    positional = 0
    handed = None
    for arg in args:
        if arg.star or (arg.keyword is None and not by_position):
            return None
        if (arg.keyword is not None and arg.keyword.value == param) or (arg.keyword is None and positional == position):
            handed = arg.value
        positional += arg.keyword is None
    if handed is None:
        return None
    known = names_of(caller, sites, running, names, visiting) if caller is not None else {}
    chain = read_through(dotted_name(handed), known)
    return chain if chain is not None and is_own(chain) else None


def parameters_of(method: cst.FunctionDef) -> list[str]:
    """A def's parameters that a call may hand by position first, then those by keyword only."""
    params = method.params
    return [p.name.value for p in (*params.posonly_params, *params.params, *params.kwonly_params)]


def is_own(chain: str) -> bool:
    return chain == "self" or chain.startswith("self.")


def read_through(chain: str | None, names: dict[str, str]) -> str | None:
    """`args.fp16` as `self.args.fp16` where `args` reads `self.args`."""
    if chain is None:
        return None
    root, dot, rest = chain.partition(".")
    return names[root] + dot + rest if root in names else chain
