"""What an object's settings say about how it was built: the tests its truthy values were assigned under.

A trainer chooses its back end once: `__init__` sets `self.use_amp = True` only `if args.fp16 and not
args.deepspeed:` (with `self.args = args`), and `train()` sets `self.deepspeed = model` only `if
self.args.deepspeed:`. Where `self.use_amp` is true, `self.args.deepspeed` is false; where `self.deepspeed` is,
it is true: a path on which both are true does not exist (RULES.md, "Correlated conditions"), though no test of
the loop says so. `truth_implications` reads every method of the object's classes for those facts, where they hold
whatever the methods run: each truthy (not None) value of the setting is assigned under the same tests, every one
of them of names that only `__init__` binds, and nothing else assigns the setting (no nested def, no tuple target,
no augmented assignment). A class whose bases are not all the project's may assign anything: no facts.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterator, Sequence

import libcst as cst

from zerograd_lint.analysis.ir.conditions import Naming, condition_of, learn, literal_of
from zerograd_lint.analysis.ir.index import statements_in, suites
from zerograd_lint.analysis.ir.names import assigned_names, code_of, dotted_name
from zerograd_lint.analysis.ir.visiting import nodes_of

Fact = tuple[str, bool]  # (a chain such as `self.args.deepspeed`, its truth)
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
        for statement in statements_in(cls.body):
            if isinstance(statement, cst.FunctionDef):
                read_method(statement, found)
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
        truthy = common(m.facts for m in made if literal_of(m.value) not in FALSY_LITERALS)
        present = common(m.facts for m in made if literal_of(m.value) != "None")
        truthy, present = (frozenset(f for f in facts if holds(f[0], stable, found.mutated)) for facts in (truthy, present))
        if truthy or present:
            implications[f"self.{name}"] = (truthy, present)
    return implications


def set_by_name(cls: cst.ClassDef) -> set[str]:
    """The chains whose attributes the class's code sets by name, any of them: `self` for `setattr(self, key, value)`
    or `self.__dict__.update(...)`, `self.args` for `setattr(self.args, key, value)` (a hyperparameter search)."""
    found = set()
    for node in nodes_of(cls.body, (cst.Call, cst.Attribute)):  # type: ignore[arg-type]
        if isinstance(node, cst.Call) and dotted_name(node.func) == "setattr" and node.args:
            chain = dotted_name(node.args[0].value)
            if chain is not None and (chain == "self" or chain.startswith("self.")):
                found.add(chain)
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


def read_method(method: cst.FunctionDef, found: Assignments) -> None:
    """The method's `self.x` assignments in source order, with the tests around each, read through the names the
    method has bound to `self.x` so far (forgotten when the name is bound again)."""
    aliases: dict[str, str] = {}
    for event in assignments_in(statements_in(method.body), (), found):
        if isinstance(event, str):  # a local name bound again
            aliases.pop(event, None)
            continue
        target, value, tests = event
        chain = code_of(target)
        facts = tuple(fact for test, truth in tests for fact in facts_of(test, truth, aliases))
        alias = isinstance(value, cst.Name) and value.value not in FALSY_LITERALS | {"True"}
        if alias:
            aliases[value.value] = chain  # type: ignore[union-attr]
        found.made.setdefault(chain[len("self."):], []).append(Made(method.name.value, value, facts, alias))


def assignments_in(
    body: Sequence[cst.CSTNode], tests: tuple[tuple[cst.BaseExpression, bool], ...], found: Assignments
) -> Iterator[tuple[cst.Attribute, cst.BaseExpression, tuple[tuple[cst.BaseExpression, bool], ...]] | str]:
    """In source order: each `self.x = value` of a method's statements with the `if` tests around it (the test, the
    arm's truth), and each local name bound; an assignment of `self.x` of any other form marks `x` spoiled."""
    for statement in body:
        if isinstance(statement, (cst.SimpleStatementLine, cst.BaseSmallStatement)):
            for small in statement.body if isinstance(statement, cst.SimpleStatementLine) else [statement]:
                if isinstance(small, (cst.Assign, cst.AnnAssign)) and small.value is not None:
                    for target in [t.target for t in small.targets] if isinstance(small, cst.Assign) else [small.target]:
                        if own_attribute(target) is not None:
                            yield target, small.value, tests  # type: ignore[misc]
                        else:
                            yield from changed(target, found)
                elif isinstance(small, cst.AugAssign):
                    yield from changed(small.target, found)
                    if own_attribute(small.target) is not None:
                        found.spoiled.add(own_attribute(small.target) or "")
        elif isinstance(statement, cst.If):
            yield from assignments_in(statement.body.body, (*tests, (statement.test, True)), found)
            orelse = statement.orelse
            if orelse is not None:
                yield from assignments_in([orelse] if isinstance(orelse, cst.If) else orelse.body.body, (*tests, (statement.test, False)), found)
        elif isinstance(statement, (cst.FunctionDef, cst.ClassDef)):
            for target in targets_in(statement.body):
                for _ in changed(target, found):  # a nested def may run at any time: what it assigns is unseen
                    pass
                if own_attribute(target) is not None:
                    found.spoiled.add(own_attribute(target) or "")
            yield statement.name.value
        else:
            for node in headers_of(statement):
                yield from changed(node, found)
            for suite in suites(statement):
                yield from assignments_in(suite, tests, found)


def own_attribute(target: cst.BaseExpression) -> str | None:
    """`x` of `self.x`."""
    if isinstance(target, cst.Attribute) and isinstance(target.value, cst.Name) and target.value.value == "self":
        return target.attr.value
    return None


def changed(target: cst.BaseExpression, found: Assignments) -> Iterator[str]:
    """The local names a target other than a plain `self.x` binds (yielded), the `self.x` it holds inside a tuple
    (spoiled), and the chains it changes in place (`self.args.fp16`, `self.cfg` of `self.cfg["amp"]`: mutated)."""
    if isinstance(target, cst.Name):
        yield target.value
    elif isinstance(target, (cst.Tuple, cst.List)):
        for element in target.elements:
            if own_attribute(element.value) is not None:
                found.spoiled.add(own_attribute(element.value) or "")
            yield from changed(element.value, found)
    elif isinstance(target, cst.StarredElement):
        yield from changed(target.value, found)
    elif isinstance(target, (cst.Attribute, cst.Subscript)):
        chain = dotted_name(target) if isinstance(target, cst.Attribute) else dotted_name(target.value)
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
