"""Branch tests in a normal form, so that the analysis can tell which tests must agree.

RULES.md, "Correlated conditions": `if split == "train":` and a later
`if split != "train":`, `if self.scaler is not None:` and `if self.scaler is None:`,
`if use_amp:` and `if not use_amp:` test the same *atom*, and a path on which
one atom takes both values does not exist. A test is a boolean formula over
atoms; an atom is named by a key written with the names it reads, keyed as the
builder scopes them (`Naming`): a helper's locals are its own, a parameter bound
to the caller's `args.amp` reads `args.amp`, a parameter bound to a literal
makes the tests on it decided (`forward_backward(batch, do_backward=False)`),
and a local a helper binds once to a read it cannot change is that read
(`engine = state.get("engine")` in two helpers handed one `state`: one atom).
"""

from __future__ import annotations

import ast
import math
import re
from collections import Counter
from dataclasses import dataclass, field, replace
from typing import Callable, Iterator, Mapping, Union

import libcst as cst

from zerograd_lint.analysis.ir.names import dotted_name
from zerograd_lint.analysis.ir.visiting import nodes_of

# Flags that move between iterations by nature, set where the loop does not show it (`accelerator.sync_gradients`).
SYNC_WORDS = re.compile(
    r"sync_grad|is_last|last_batch|last_step|last_iter|boundary|should_step|do_step|should_update|do_update"
    r"|update_step|step_now|take_step|update_now|need_update|optimizer_step",
    re.IGNORECASE,
)
# Calls that give the same answer twice for the same arguments.
PURE_CALLS = re.compile(
    r"^(len|isinstance|issubclass|hasattr|getattr|callable|bool|int|float|str|type|any|all|min|max|abs|round"
    r"|is_\w+|has_\w+|get_rank|get_world_size|get_local_rank|startswith|endswith)$"
)
MAX_ALTERNATIVES = 8


@dataclass(frozen=True)
class Atom:
    """A test that is true or false as a whole: `split=='train'`, `self.scaler is None`, `args.amp`."""

    key: str
    reads: frozenset[str]  # the names and attribute chains it reads, keyed
    kind: str = "flag"  # flag (a name's truth), value, equal, order (<, >), none (is None), in
    # `split` of `split == 'train'`, `x is None`, `n > 1`: the one value tested against a literal, which tests of it
    # against other literals decide (one literal at a time; numbers by where they lie: `n > 1` false, `n == 1` false)
    subject: str | None = None
    value: str | None = None  # the literal (`None` for `x is None`)
    above: bool = False  # an order test against a number: `n > 1` (true), `n < 1` (false)
    # The literals the subject can hold, where the file says (`args.amp` of an argparse option with `choices`).
    one_of: frozenset[str] | None = None

    @property
    def number(self) -> float | None:
        """The number an equality or an order test compares its subject with: 1 of `n > 1`."""
        return number_of(self.value) if self.subject is not None and self.kind in {"equal", "order"} else None

    def holds_at(self, number: float) -> bool | None:
        """Whether the atom holds where its subject is `number` (`n > 1` at 2 does); None for a test against no number."""
        bound = self.number
        if bound is None:
            return None
        if self.kind == "equal":
            return number == bound
        return number > bound if self.above else number < bound

    @property
    def modulo(self) -> bool:
        return "%" in self.key

    @property
    def divisor(self) -> str | None:
        """The name or attribute chain a modulo tested against 0 divides by: `accum` of `(i + 1) % accum == 0`."""
        found = re.fullmatch(r"\((.+)%([\w.]+)\)", self.subject or "") if self.kind == "equal" and self.value == "0" else None
        return found.group(2) if found else None

    @property
    def per_iteration(self) -> bool:
        """A modulo, or named like a flag that moves every iteration."""
        return self.modulo or SYNC_WORDS.search(self.key) is not None


@dataclass(frozen=True)
class Not:
    operand: "Condition"


@dataclass(frozen=True)
class AllOf:
    operands: tuple["Condition", ...]


@dataclass(frozen=True)
class AnyOf:
    operands: tuple["Condition", ...]


# None: a test that cannot be compared with another (a call whose answer may change, ...);
# a bool: a test that literal arguments decide.
Condition = Union[Atom, Not, AllOf, AnyOf, bool, None]
Fact = tuple  # (Atom, bool)


def negate(condition: Condition) -> Condition:
    if condition is None or isinstance(condition, bool):
        return condition if condition is None else not condition
    return condition.operand if isinstance(condition, Not) else Not(condition)


def all_of(parts: list[Condition]) -> Condition:
    if any(part is False for part in parts):
        return False
    parts = [part for part in parts if part is not True]
    return True if not parts else parts[0] if len(parts) == 1 else AllOf(tuple(parts))


def any_of(parts: list[Condition]) -> Condition:
    if any(part is True for part in parts):
        return True
    parts = [part for part in parts if part is not False]
    return False if not parts else parts[0] if len(parts) == 1 else AnyOf(tuple(parts))


def atoms_of(condition: Condition) -> Iterator[Atom]:
    if isinstance(condition, Atom):
        yield condition
    elif isinstance(condition, Not):
        yield from atoms_of(condition.operand)
    elif isinstance(condition, (AllOf, AnyOf)):
        for operand in condition.operands:
            yield from atoms_of(operand)


def transparent(condition: Condition) -> bool:
    """Every part of the test is an atom or decided: nothing in it can change unseen."""
    if condition is None:
        return False
    if isinstance(condition, Not):
        return transparent(condition.operand)
    if isinstance(condition, (AllOf, AnyOf)):
        return all(transparent(operand) for operand in condition.operands)
    return True


def learn(condition: Condition, truth: bool) -> list[tuple[Fact, ...]]:
    """The ways `condition` can evaluate to `truth`: alternatives, each a conjunction of atom values.

    An empty list: it cannot. `[()]`: no knowledge to gain (too many cases, or parts that cannot be compared).
    """
    if condition is None:
        return [()]
    if isinstance(condition, bool):
        return [()] if condition == truth else []
    if isinstance(condition, Atom):
        return [((condition, truth),)]
    if isinstance(condition, Not):
        return learn(condition.operand, not truth)
    conjunctive = isinstance(condition, AllOf) == truth  # AllOf true, or AnyOf false: every operand agrees
    operands = condition.operands
    if conjunctive:
        return conjunction([learn(operand, truth) for operand in operands])
    # AllOf false (AnyOf true): the first operand that decides it, the ones before it the other way.
    alternatives: list[tuple[Fact, ...]] = []
    for position, operand in enumerate(operands):
        before = [learn(earlier, not truth) for earlier in operands[:position]]
        alternatives += conjunction([*before, learn(operand, truth)])
        if len(alternatives) > MAX_ALTERNATIVES:
            return [()]
    return alternatives


def conjunction(parts: list[list[tuple[Fact, ...]]]) -> list[tuple[Fact, ...]]:
    combined: list[tuple[Fact, ...]] = [()]
    for part in parts:
        combined = [left + right for left in combined for right in part]
        if len(combined) > MAX_ALTERNATIVES:
            return [()]
    return combined


# Normal form ----------------------------------------------------------------------


@dataclass(frozen=True)
class Naming:
    """How one function instance's names are keyed, so that tests in a helper and in its caller compare.

    A helper's locals get the token of its inlined instance; a parameter bound to a
    name or attribute chain of the caller reads that chain; one bound to a literal is
    that literal; a local bound once to a read is that read, in tests (`aliases`, see
    `with_aliases`). Free names are looked up in the enclosing function (`outer`), a name the module imports is
    what it stands for (`imports`: `sb.Stage.TRAIN` of `import speechbrain as sb` and `Stage.TRAIN` of `from
    speechbrain import Stage` are one chain, `speechbrain.Stage.TRAIN`).
    """

    token: str | None = None
    locals: frozenset[str] = frozenset()
    params: Mapping[str, str] = field(default_factory=dict)
    constants: Mapping[str, str] = field(default_factory=dict)
    outer: "Naming | None" = None
    aliases: Mapping[str, "Term"] = field(default_factory=dict)
    imports: Mapping[str, str | None] = field(default_factory=dict)  # the module's, `ModuleIndex.imports`
    options: Mapping[str, frozenset[str]] = field(default_factory=dict)  # the module's, `ModuleIndex.option_choices`

    def with_aliases(self, function: cst.FunctionDef, targets: list[cst.BaseExpression]) -> "Naming":
        """This naming, a local of `function` read in tests as the value it holds where that value is the same read
        made at the test: the local is bound once (`targets`: every target the function assigns), by a plain
        assignment at the top level of its body (run on every path that goes on past it: a test before it cannot
        read the local), to a read of names (`state.get("engine", "torch")`,
        `cfg["amp"]`, `self.use_amp`), and nothing in the function can change what that reads: no assignment to it
        or to a part of it, no call handed it or made on it (`state.update(...)`; a mapping read aside). Two helpers
        each binding `engine = state.get("engine", "torch")` from the one `state` their caller hands them then test
        one atom, which takes the same branch in both (RULES.md, "Correlated conditions"); anything else stays the
        helper's own local, unknown to its caller's tests."""
        bound = Counter(t.value for t in targets if isinstance(t, cst.Name))
        reads: dict[str, Term] = {}
        for statement in function.body.body if isinstance(function.body, cst.IndentedBlock) else ():
            small = statement.body[0] if isinstance(statement, cst.SimpleStatementLine) and len(statement.body) == 1 else None
            target = plain_target(small)
            if target is None:
                continue
            name = target.value
            read = term(small.value, self) if bound[name] == 1 and name not in self.params and name not in self.constants else None
            if read is not None and not read[2] and read[1]:
                reads[name] = read
        if not reads:
            return self
        stored = {key for target in targets for key in self.stored(target)}
        handed = {
            key for call in nodes_of(function.body, cst.Call) if mapping_read(call, self) is None
            for part in [*(a.value for a in call.args), *([call.func.value] if isinstance(call.func, cst.Attribute) else [])]
            if (key := self.chain(part)) is not None
        }
        aliases = {name: read for name, read in reads.items() if not any(changes(key, each) for key in stored | handed for each in read[1])}
        return replace(self, aliases=aliases) if aliases else self

    def option_values(self, subject: str) -> frozenset[str] | None:
        """The values an attribute named after an argparse option of the module can hold (`args.amp_type`, or a
        config's copy of it, `config.amp_type`): `ModuleIndex.option_choices`."""
        found = re.fullmatch(r"[\w@.]+\.(\w+)", subject) if self.options else None
        return self.options.get(found.group(1)) if found else None

    def key(self, name: str) -> str:
        if name in self.params:
            return self.params[name]
        if self.token is not None and name in self.locals:
            return f"{name}@{self.token}"
        if self.outer is not None:
            return self.outer.key(name)
        return self.origin(name) or name

    def origin(self, name: str) -> str | None:
        """What a name the module imports stands for, where no local or parameter hides it."""
        if name in self.params or name in self.constants or name in self.locals:
            return None
        return self.outer.origin(name) if self.outer is not None else self.imports.get(name)

    def imported(self, node: cst.BaseExpression) -> bool:
        """Whether a chain starts with a name the module imports: `sb.Stage.TRAIN`, an attribute of a module."""
        while isinstance(node, (cst.Attribute, cst.Subscript)):
            node = node.value
        return isinstance(node, cst.Name) and self.origin(node.value) is not None

    def chain(self, node: cst.BaseExpression) -> str | None:
        """The key of `x`, `self.scaler`, `cfg['amp']`; None for anything else."""
        kind = type(node)  # LibCST's node classes are final: `type()` spares ABCMeta's isinstance
        if kind is cst.Name:
            return None if node.value in self.constants else self.key(node.value)
        if kind is cst.Attribute:
            base = self.chain(node.value)
            return f"{base}.{node.attr.value}" if base is not None else None
        if kind is cst.Subscript and literal_index(node) is not None:
            base = self.chain(node.value)
            return f"{base}[{literal_index(node)}]" if base is not None else None
        return None

    def dereferenced(self, call: cst.Call) -> frozenset[str]:
        """The keys of the receivers whose attributes a call reads on its way to the callee: `scaler` (and `self`
        of `self.scaler`) for `scaler.scale(loss).backward()`. Once the call ran, none of them is None."""
        found = set()
        node: cst.BaseExpression = call.func
        while type(node) in (cst.Call, cst.Attribute, cst.Subscript):
            if isinstance(node, cst.Attribute) and (key := self.chain(node.value)) is not None:
                found.add(key)
            node = node.func if isinstance(node, cst.Call) else node.value
        return frozenset(found)

    def called_on(self, call: cst.Call) -> Iterator[tuple[str, cst.BaseExpression]]:
        """The keys and nodes of the receivers a method is called on along a call's callee: `scaler` for
        `scaler.scale(loss).backward()`, `self.scaler` (not `self`, only read) for `self.scaler.step(opt)`."""
        node: cst.BaseExpression = call
        while type(node) in (cst.Call, cst.Attribute, cst.Subscript):
            if isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute) and (key := self.chain(node.func.value)) is not None:
                yield key, node.func.value
            node = node.func if isinstance(node, cst.Call) else node.value

    def stored(self, target: cst.BaseExpression) -> Iterator[str]:
        """The keys an assignment target changes: `x`, `self.step`, `cfg` for `cfg[k] = v`, each of a tuple."""
        if type(target) in (cst.Tuple, cst.List):
            for element in target.elements:
                yield from self.stored(element.value)
        elif isinstance(target, cst.StarredElement):
            yield from self.stored(target.value)
        elif isinstance(target, (cst.Name, cst.Attribute)):
            key = self.chain(target)
            if key is not None:
                yield key
        elif isinstance(target, cst.Subscript):
            item = self.chain(target)  # `state["index"] = i` changes that item only
            yield from [item] if item is not None else self.stored(target.value)


ROOT_NAMING = Naming()
OPERATORS = {
    cst.Add: "+", cst.Subtract: "-", cst.Multiply: "*", cst.Divide: "/", cst.FloorDivide: "//", cst.Modulo: "%",
    cst.Power: "**", cst.Minus: "-", cst.Plus: "+", cst.BitInvert: "~", cst.Equal: "==", cst.NotEqual: "!=",
    cst.LessThan: "<", cst.GreaterThan: ">", cst.LessThanEqual: "<=", cst.GreaterThanEqual: ">=", cst.Is: "is",
    cst.IsNot: "isnot", cst.In: "in", cst.NotIn: "notin",
}


def plain_target(small: cst.BaseSmallStatement | None) -> cst.Name | None:
    """The name a plain assignment binds: `name = value`, or annotated, `name: GradScaler = value` (the annotation
    changes nothing of what is bound)."""
    if isinstance(small, cst.Assign) and len(small.targets) == 1 and isinstance(small.targets[0].target, cst.Name):
        return small.targets[0].target
    if isinstance(small, cst.AnnAssign) and small.value is not None and isinstance(small.target, cst.Name):
        return small.target
    return None


def operator_text(operator: cst.CSTNode) -> str:
    return OPERATORS.get(type(operator)) or type(operator).__name__


def literal_index(node: cst.Subscript) -> str | None:
    if len(node.slice) != 1 or not isinstance(node.slice[0].slice, cst.Index):
        return None
    return literal_of(node.slice[0].slice.value)


def literal_of(node: cst.CSTNode) -> str | None:
    """A literal as a canonical text (`'train'` for `"train"`), else None."""
    kind = type(node)  # LibCST's node classes are final: `type()` spares ABCMeta's isinstance (asked of most operands)
    if kind is cst.Name:
        return node.value if node.value in {"True", "False", "None"} else None
    if kind is cst.UnaryOperation and type(node.operator) is cst.Minus:
        inner = literal_of(node.expression) if type(node.expression) in NUMBERS else None
        return literal_eval_text(f"-{inner}") if inner is not None else None
    if kind in NUMBERS or kind is cst.SimpleString:
        return literal_eval_text(node.value)
    return None


NUMBERS = frozenset({cst.Integer, cst.Float})


def strings_of(display: cst.BaseExpression) -> frozenset[str] | None:
    """The strings a display of string literals holds (`"none", "model"`), as `literal_of` writes them; None for any
    other value. A string equals no other kind of literal, so a test of a value known to be one of them against any
    literal is decided once the others are ruled out (`Correlated.value`)."""
    if not isinstance(display, (cst.Tuple, cst.List, cst.Set)) or not display.elements:
        return None
    found = [literal_of(e.value) if type(e.value) is cst.SimpleString and not isinstance(e, cst.StarredElement) else None for e in display.elements]
    return frozenset(found) if all(text is not None and text[:1] in "'\"" for text in found) else None  # type: ignore[misc]


def literal_eval_text(text: str) -> str | None:
    try:
        return repr(ast.literal_eval(text))
    except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
        return None


Term = tuple  # (text, reads, is_literal)


def term(node: cst.BaseExpression, naming: Naming) -> Term | None:
    """An operand written with keyed names: `(i@3+1)%accum`, `len(loader)`; None when it may change unseen."""
    literal = literal_of(node)
    if literal is not None:
        return literal, frozenset(), True
    if type(node) is cst.Name and node.value in naming.constants:
        return naming.constants[node.value], frozenset(), True
    if type(node) is cst.Name and node.value in naming.aliases:
        return naming.aliases[node.value]
    chain = naming.chain(node)
    if chain is not None:
        chain = through_alias(node, chain, naming)
        return chain, frozenset({chain}), False
    if type(node) is cst.Subscript and len(node.slice) == 1 and type(node.slice[0].slice) is cst.Index:
        base, index = term(node.value, naming), term(node.slice[0].slice.value, naming)
        if base is None or index is None:
            return None
        return f"{base[0]}[{index[0]}]", base[1] | index[1], False
    if type(node) is cst.BinaryOperation:
        left, right = term(node.left, naming), term(node.right, naming)
        if left is None or right is None:
            return None
        return f"({left[0]}{operator_text(node.operator)}{right[0]})", left[1] | right[1], False
    if type(node) is cst.UnaryOperation and type(node.operator) is not cst.Not:
        inner = term(node.expression, naming)
        return (f"{operator_text(node.operator)}{inner[0]}", inner[1], False) if inner is not None else None
    if type(node) in (cst.Tuple, cst.List):
        parts = [term(element.value, naming) for element in node.elements]
        if any(part is None for part in parts):
            return None
        return "(" + ",".join(p[0] for p in parts) + ")", frozenset().union(*(p[1] for p in parts)), False
    if isinstance(node, cst.Call):
        return mapping_read(node, naming) or pure_call(node, naming)
    return None


def through_alias(node: cst.BaseExpression, chain: str, naming: Naming) -> str:
    """A read through a local aliasing a chain (`params.amp` after `params = self.params`, see `with_aliases`) is a
    read of that chain's part (`self.params.amp`): the one object under two names, so the test agrees with one made
    through the other name, or through the same alias bound again in the next iteration's call."""
    root = node
    while isinstance(root, (cst.Attribute, cst.Subscript)):
        root = root.value
    if root is node or not isinstance(root, cst.Name) or root.value not in naming.aliases:
        return chain
    text, reads, _ = naming.aliases[root.value]
    local = naming.key(root.value)
    return text + chain[len(local):] if reads == {text} and chain.startswith(local) else chain


def mapping_read(node: cst.Call, naming: Naming) -> Term | None:
    """`state.get("engine", "torch")`: a read of one item of a mapping by a literal key, with a default."""
    func = node.func
    if not (isinstance(func, cst.Attribute) and func.attr.value == "get" and 1 <= len(node.args) <= 2):
        return None
    receiver = naming.chain(func.value)
    if receiver is None or any(argument.keyword is not None or argument.star for argument in node.args):
        return None
    key, default = literal_of(node.args[0].value), term(node.args[1].value, naming) if len(node.args) == 2 else ("None", frozenset(), True)
    if key is None or not key.startswith(("'", '"')) or default is None:
        return None
    return f"{receiver}.get({key},{default[0]})", frozenset({f"{receiver}[{key}]"}) | default[1], False


# What a copy of a value is called (`copy.deepcopy(configs)`, `dict(cfg)`), its one argument the value copied.
COPYING_FUNCTIONS = frozenset({"copy.copy", "copy.deepcopy", "dict"})


def copied_chain(value: cst.BaseExpression, naming: Naming) -> str | None:
    """The key of the name or chain whose value `value` holds, or a copy of it, with the same items and attributes:
    `x`, `copy.deepcopy(x)`, `copy.copy(x)`, `dict(x)`, `x.copy()`. Its tests answer as the source's did when it was
    copied. None for anything else."""
    operand = term(value, naming)
    if operand is not None:
        return operand[0] if operand[1] == {operand[0]} else None
    if not isinstance(value, cst.Call) or any(argument.keyword is not None or argument.star for argument in value.args):
        return None
    func = value.func
    if isinstance(func, cst.Attribute) and func.attr.value == "copy" and not value.args:
        return naming.chain(func.value)
    if len(value.args) == 1 and naming.chain(func) in COPYING_FUNCTIONS:
        return naming.chain(value.args[0].value)
    return None


def pure_call(node: cst.Call, naming: Naming) -> Term | None:
    func = node.func
    if type(func) is cst.Name and PURE_CALLS.match(func.value):
        callee, reads = func.value, frozenset()
    elif isinstance(func, cst.Attribute) and PURE_CALLS.match(func.attr.value):
        receiver = term(func.value, naming) if naming.chain(func.value) is not None else None
        callee = f"{receiver[0]}.{func.attr.value}" if receiver else dotted_name(func)
        reads = receiver[1] if receiver else frozenset()
        if callee is None:
            return None
    else:
        return None
    parts = []
    for argument in node.args:
        if argument.star:
            return None
        value = term(argument.value, naming)
        if value is None:
            return None
        parts.append((f"{argument.keyword.value}=" if argument.keyword else "") + value[0])
        reads |= value[1]
    return f"{callee}({','.join(parts)})", reads, False


ORDER_MIRROR = {"<": ">", ">": "<", "<=": ">=", ">=": "<="}


def condition_of(test: cst.BaseExpression, naming: Naming) -> Condition:
    """The test in normal form; a bool when literals decide it; None when it cannot be compared."""
    if isinstance(test, cst.UnaryOperation) and isinstance(test.operator, cst.Not):
        return negate(condition_of(test.expression, naming))
    if isinstance(test, cst.BooleanOperation):
        parts = [condition_of(test.left, naming), condition_of(test.right, naming)]
        return all_of(parts) if isinstance(test.operator, cst.And) else any_of(parts)
    if isinstance(test, cst.IfExp):
        return chosen_truth(test, naming)
    if isinstance(test, cst.Comparison):
        left, parts = test.left, []
        for target in test.comparisons:
            parts.append(comparison(left, operator_text(target.operator), target.comparator, naming))
            left = target.comparator
        return all_of(parts)
    operand = term(test, naming)
    if operand is None:
        return None
    text, reads, is_literal = operand
    if is_literal:
        return bool(ast.literal_eval(text))
    return Atom(text, reads, "flag" if reads == {text} else "value")


def chosen_truth(choice: cst.IfExp, naming: Naming) -> Condition:
    """`True if test else False` is the test (`False if test else True` its negation): a flag bound to it is bound
    to the test, as `update = test` is. Any other choice cannot be compared."""
    literals = [term(value, naming) for value in (choice.body, choice.orelse)]
    if not all(literal is not None and literal[2] for literal in literals):
        return None
    when_true, when_false = (bool(ast.literal_eval(literal[0])) for literal in literals)
    if when_true == when_false:
        return when_true
    tested = condition_of(choice.test, naming)
    return tested if when_true else negate(tested)


def comparison(left: cst.BaseExpression, operator: str, right: cst.BaseExpression, naming: Naming) -> Condition:
    first, second = term(left, naming), term(right, naming)
    if first is None or second is None:
        return None
    if first[2] and second[2]:
        return decide_literals(first[0], operator, second[0])
    if first[2] and operator not in {"in", "notin"}:  # the literal on the right
        first, second, operator = second, first, ORDER_MIRROR.get(operator, operator)
    reads = first[1] | second[1]
    if operator in {"is", "isnot"} and second[0] == "None":
        atom = Atom(f"{first[0]} is None", reads, "none", first[0], "None")
        return atom if operator == "is" else Not(atom)
    if operator in {"==", "!=", "is", "isnot"}:
        if first[0] == second[0] and (naming.imported(left) or naming.imported(right)):
            return operator in {"==", "is"}  # one attribute of a module, read twice: `stage != sb.Stage.TRAIN`, `stage` handed `Stage.TRAIN`
        if second[2]:
            atom = Atom(f"{first[0]}=={second[0]}", reads, "equal", first[0], second[0], one_of=naming.option_values(first[0]))
        else:
            low, high = sorted([first[0], second[0]])
            atom = Atom(f"{low}=={high}", reads, "equal")
        return atom if operator in {"==", "is"} else Not(atom)
    if operator in {"<", ">", ">=", "<="}:  # `>=` and `<=`: the negation of `<` and `>`
        strict = {">=": "<", "<=": ">"}.get(operator, operator)
        atom = Atom(f"{first[0]}{strict}{second[0]}", reads, "order", above=strict == ">")
        if second[2] and number_of(second[0]) is not None:  # `n > 1`: a test of `n` by where it lies
            atom = replace(atom, subject=first[0], value=second[0])
        return atom if operator == strict else Not(atom)
    if operator in {"in", "notin"}:
        atom = Atom(f"{first[0]} in {second[0]}", reads, "in")
        return atom if operator == "in" else Not(atom)
    return None


def number_of(literal: str | None) -> float | None:
    """The number a literal's canonical text writes (`1`, `-0.5`), else None (a string, `None`, `True`)."""
    if literal is None or not re.fullmatch(r"-?[\d.]+(e[-+]?\d+)?", literal):
        return None
    return float(literal)


def numbers_decide(atom: Atom, tested: list[tuple[Atom, bool]], count: bool) -> bool | None:
    """What the values of tests of one subject against numbers say of another such test: `n > 1` false and `n == 1`
    false leave `n < 1`, where `n < 1` holds and `n == 0` may or may not. The literals cut the numbers into regions
    (each literal, the spans between two, the two ends), in each of which every test holds or fails as a whole: the
    atom is decided where it holds in every region the tests leave, or in none. A count (`count`: of micro-batches,
    `CorrelationPlan.counts`) is a whole number at least 1, its regions those whole numbers. None: undecided, or no
    test against a number."""
    if atom.number is None:
        return None
    tested = [(other, truth) for other, truth in tested if other.number is not None]
    points = sorted({atom.number, *(other.number for other, _ in tested), *([1.0] if count else [])})
    if count:  # each literal that is a whole number, and the first whole number past each literal
        candidates = {p for p in points if p.is_integer()} | {math.floor(p) + 1.0 for p in points}
        candidates = {n for n in candidates if n >= 1}
    else:
        candidates = {*points, points[0] - 1, points[-1] + 1, *((a + b) / 2 for a, b in zip(points, points[1:]))}
    answers = {atom.holds_at(n) for n in candidates if all(other.holds_at(n) == truth for other, truth in tested)}
    return answers.pop() if len(answers) == 1 else None


def decide_literals(left: str, operator: str, right: str) -> Condition:
    compare: dict[str, Callable[[object, object], bool]] = {
        "==": lambda a, b: a == b, "!=": lambda a, b: a != b, "<": lambda a, b: a < b, ">": lambda a, b: a > b,
        "<=": lambda a, b: a <= b, ">=": lambda a, b: a >= b, "is": lambda a, b: a is b, "isnot": lambda a, b: a is not b,
    }
    if operator not in compare:
        return None
    try:
        return bool(compare[operator](ast.literal_eval(left), ast.literal_eval(right)))
    except (TypeError, ValueError, SyntaxError):
        return None


def reads_of_value(value: cst.BaseExpression, naming: Naming) -> frozenset[str]:
    """What an arithmetic or boolean value reads (`(i + 1) % n == 0` reads `i` and `n`); nothing for calls and the rest."""
    operand = term(value, naming)
    if operand is not None:
        return operand[1]
    condition = condition_of(value, naming)
    if not transparent(condition) or isinstance(condition, bool):
        return frozenset()
    return frozenset(read for atom in atoms_of(condition) for read in atom.reads)


def changes(stored: str, read: str) -> bool:
    """Storing `stored` changes what reading `read` gives: the same chain, a part of it, or the mapping (or list) an
    item is stored in (`len(state)` after `state["index"] = i`)."""
    return read == stored or read.startswith((stored + ".", stored + "[")) or stored.startswith(read + "[")
