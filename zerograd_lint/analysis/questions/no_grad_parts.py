"""Which parameters of a module class defined in the file get no gradient (one of ZG301's proofs of a None).

A submodule or parameter that `forward` does not use on every path that
returns, or one frozen with `requires_grad_(False)` / `requires_grad = False`,
keeps `.grad is None` after a backward through the model. Read off CPython's
AST: the question is syntactic, and it decides whether a file that only reads
`.grad` needs the costlier analysis at all.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass, field
from typing import Iterable, Mapping, Sequence

from zerograd_lint.analysis.ir.vocabulary import NO_GRAD_CONTEXTS
from zerograd_lint.analysis.questions.visitor import SUITES, Visitor, lines_saying, spans_a_line, statements_in

# Layers that own parameters (in their default configuration).
PARAMETRIC_LAYERS = frozenset(
    """Linear Bilinear LazyLinear Conv1d Conv2d Conv3d ConvTranspose1d ConvTranspose2d ConvTranspose3d LazyConv1d
    LazyConv2d LazyConv3d Embedding EmbeddingBag LayerNorm GroupNorm BatchNorm1d BatchNorm2d BatchNorm3d SyncBatchNorm
    RMSNorm LSTM GRU RNN LSTMCell GRUCell RNNCell MultiheadAttention Transformer TransformerEncoder TransformerDecoder
    TransformerEncoderLayer TransformerDecoderLayer PReLU Parameter""".split()
)
CONTAINERS = frozenset({"Sequential", "ModuleList", "ModuleDict", "ParameterList", "ParameterDict"})
# Tensors and modules moved or converted keep their identity as far as parameters go.
SAME_MODULE_METHODS = frozenset({"to", "cuda", "cpu", "float", "half", "double", "bfloat16", "train", "eval"})
# Uses that reach every submodule, or that cannot be followed: no evidence from `forward` then.
OPAQUE_SELF_USES = frozenset(
    {"modules", "children", "named_children", "named_modules", "parameters", "named_parameters", "_modules",
     "__dict__", "_parameters", "apply", "state_dict"}
)
CALL_DEPTH = 3


@dataclass(frozen=True)
class ModuleClass:
    """A class of the file and which of its parts get no gradient (attribute -> line of the evidence)."""

    name: str
    submodules: Mapping[str, str]  # attribute -> the dotted constructor it is built with
    unused: Mapping[str, int]  # parametric attributes `forward` does not use on every path
    frozen: Mapping[str, int]  # attributes frozen by the class itself; "" when all or any of its own parameters
    thawed: frozenset[str] = frozenset()  # attributes it sets to require grad again (`self.head.requires_grad_(True)`)


def callee(node: ast.AST) -> str:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        base = callee(node.value)
        return f"{base}.{node.attr}" if base else ""
    return ""


def self_attribute(node: ast.AST) -> str | None:
    """`x` in `self.x`, `self.x.weight`, `self.x[0]`."""
    while isinstance(node, (ast.Attribute, ast.Subscript)):
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "self":
            return node.attr
        node = node.value
    return None


def is_false(node: ast.AST | None) -> bool:
    return isinstance(node, ast.Constant) and node.value is False


@dataclass
class _Class:
    node: ast.ClassDef
    methods: dict[str, ast.FunctionDef] = field(default_factory=dict)
    built: dict[str, list[ast.expr]] = field(default_factory=dict)  # attribute -> values assigned
    conditional: set[str] = field(default_factory=set)  # built under a condition, or maybe None
    frozen: dict[str, int] = field(default_factory=dict)
    thawed: set[str] = field(default_factory=set)


class _Collector(Visitor):
    """`self.x = ...` assignments and freezes in one method."""

    def __init__(self, record: _Class, freezing: Sequence[int]) -> None:
        self.record = record
        self.freezing = freezing  # the lines that may say `requires_grad` (sorted)
        self.depth = 0  # inside if / for / while / try / with
        self.loops: list[tuple[str, str]] = []  # (loop variable, attribute or "" for self) over parameters

    def visit_Assign(self, node: ast.Assign) -> None:
        for target in node.targets:
            self.assigned(target, node.value, node.lineno)
        self.generic_visit(node)

    def visit_AnnAssign(self, node: ast.AnnAssign) -> None:
        if node.value is not None:
            self.assigned(node.target, node.value, node.lineno)
        self.generic_visit(node)

    def assigned(self, target: ast.AST, value: ast.expr, line: int) -> None:
        if isinstance(target, ast.Attribute) and target.attr == "requires_grad":
            self.freeze(target.value, line, is_false(value))
            return
        if isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name) and target.value.id == "self":
            self.record.built.setdefault(target.attr, []).append(value)
            if isinstance(value, ast.Call) and any(k.arg == "requires_grad" and is_false(k.value) for k in value.keywords):
                self.record.frozen.setdefault(target.attr, line)  # nn.Parameter(..., requires_grad=False)
            maybe_none = isinstance(value, ast.IfExp) or (isinstance(value, ast.Constant) and value.value is None)
            if self.depth or maybe_none:
                self.record.conditional.add(target.attr)

    def visit_Call(self, node: ast.Call) -> None:
        func = node.func
        if isinstance(func, ast.Attribute) and func.attr == "requires_grad_":
            flag = node.args[0] if node.args else next((k.value for k in node.keywords if k.arg == "requires_grad"), None)
            self.freeze(func.value, node.lineno, is_false(flag))
        self.generic_visit(node)

    def freeze(self, node: ast.AST, line: int, frozen: bool) -> None:
        """`x.requires_grad_(False)` (or True, `frozen` False, which thaws `x`) on a part of `self`."""
        attributes: list[str] = []
        if isinstance(node, ast.Name) and node.id == "self":
            attributes = [""]
        elif isinstance(node, ast.Name):
            attributes = [attribute for variable, attribute in self.loops if variable == node.id]
        elif self_attribute(node) is not None:
            attributes = [self_attribute(node)]  # type: ignore[list-item]
        for attribute in attributes:
            if frozen:
                self.record.frozen.setdefault(attribute, line)
            else:
                self.record.thawed.add(attribute)

    def visit_For(self, node: ast.For) -> None:
        self.visit(node.iter)
        loop = self.parameter_loop(node)
        if loop is not None:
            self.loops.append(loop)
        self.depth += 1
        for statement in [*node.body, *node.orelse]:
            self.visit(statement)
        self.depth -= 1
        if loop is not None:
            self.loops.pop()

    def parameter_loop(self, node: ast.For) -> tuple[str, str] | None:
        """`for p in self.x.parameters()` / `for name, p in self.named_parameters()`."""
        call = node.iter
        if not (isinstance(call, ast.Call) and isinstance(call.func, ast.Attribute)):
            return None
        if call.func.attr not in {"parameters", "named_parameters"}:
            return None
        owner = call.func.value
        attribute = "" if isinstance(owner, ast.Name) and owner.id == "self" else self_attribute(owner)
        target = node.target.elts[-1] if isinstance(node.target, ast.Tuple) and node.target.elts else node.target
        if attribute is None or not isinstance(target, ast.Name):
            return None
        return target.id, attribute

    def nested(self, node: ast.AST) -> None:
        self.depth += 1
        self.generic_visit(node)
        self.depth -= 1

    visit_If = visit_While = visit_Try = visit_With = nested

    def generic_visit(self, node: ast.AST) -> None:
        """As `Visitor`'s, but of a statement none of whose lines says `requires_grad` only the statements it holds
        are visited: nothing else in it freezes (its own `self.x = ...` is noted before, by `visit_Assign`), and most
        of a method's nodes are in its statements' expressions."""
        if isinstance(node, ast.stmt) and not spans_a_line(self.freezing, node.lineno, node.end_lineno or node.lineno):
            for name in SUITES:
                for statement in getattr(node, name, None) or ():
                    self.visit(statement)
            return
        super().generic_visit(node)

    def visit_FunctionDef(self, node: ast.FunctionDef) -> None:
        return  # a nested def runs some other time


def module_classes(tree: ast.Module, source: str) -> dict[str, ModuleClass]:
    """Every class of the file that has parameters getting no gradient, by name (`source`: the tree's text)."""
    freezing = lines_saying(source, "requires_grad")
    records: dict[str, _Class] = {}
    defined: dict[str, int] = {}
    classes = [node for node in statements_in(tree) if isinstance(node, ast.ClassDef)]
    for node in classes:
        defined[node.name] = defined.get(node.name, 0) + 1
    for node in classes:
        if defined[node.name] == 1:  # a name given to two classes is no one's
            record = _Class(node)
            for item in node.body:
                if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    record.methods[item.name] = item
                    collector = _Collector(record, freezing)
                    for statement in item.body:
                        collector.visit(statement)
            records[node.name] = record
    parametric = _Parametric(records)
    found: dict[str, ModuleClass] = {}
    for name, record in records.items():
        submodules = {a: callee(v[0].func) for a, v in record.built.items() if len(v) == 1 and isinstance(v[0], ast.Call)}
        owning = {
            a: v[0].lineno for a, v in record.built.items()
            if a not in record.conditional and len(v) == 1 and parametric.builds_parameters(v[0])
        }
        paths = forward_paths(record)
        # A path that uses none of the parts returns nothing to backpropagate (`if x is None: return None`).
        paths = [path for path in paths or () if not path.isdisjoint(record.built)]
        used = set.intersection(*paths) if paths else set(owning)
        unused = {a: line for a, line in owning.items() if a not in used}
        frozen = {a: line for a, line in record.frozen.items() if a not in record.thawed}  # both: order unknown
        if unused or frozen or submodules:
            found[name] = ModuleClass(name, submodules, unused, frozen, frozenset(record.thawed))
    return {name: cls for name, cls in found.items() if cls.unused or cls.frozen or cls.submodules}


class _Parametric:
    """Whether an expression builds something that owns parameters: a layer, a container of layers, a class of the file that does."""

    def __init__(self, records: Mapping[str, _Class]) -> None:
        self.records = records
        self.known: dict[str, bool] = {}

    def builds_parameters(self, value: ast.AST) -> bool:
        if not isinstance(value, ast.Call):
            return False
        name = callee(value.func).rsplit(".", 1)[-1]
        if isinstance(value.func, ast.Attribute) and value.func.attr in SAME_MODULE_METHODS:
            return self.builds_parameters(value.func.value)
        if name in PARAMETRIC_LAYERS:
            return True
        if name in CONTAINERS:
            return any(self.builds_parameters(n) for a in value.args for n in ast.walk(a))
        if name in self.records:
            return self.class_has_parameters(name)
        return False

    def class_has_parameters(self, name: str) -> bool:
        if name not in self.known:
            self.known[name] = False  # recursion guard
            record = self.records[name]
            self.known[name] = any(self.builds_parameters(v) for values in record.built.values() for v in values)
        return self.known[name]


def forward_paths(record: _Class) -> list[set[str]] | None:
    """The attributes `forward` uses, per path that returns; None when that cannot be told."""
    forward = record.methods.get("forward")
    if forward is None:
        return None
    reader = _Uses(record.methods)
    try:
        state, returned = reader.block(forward.body, set())
    except _Opaque:
        return None
    return returned + ([state] if state is not None else [])


class _Opaque(Exception):
    """`forward` reaches its submodules in a way that cannot be followed."""


class _Uses:
    """Must-use analysis of `self.x` mentions along the paths of a method body."""

    def __init__(self, methods: Mapping[str, ast.FunctionDef]) -> None:
        self.methods = methods
        self.calls: list[str] = []

    def mentions(self, node: ast.AST | None) -> set[str]:
        """`self.x` mentioned by an expression on every way it evaluates (both arms of `a if c else b` needed)."""
        if node is None:
            return set()
        if isinstance(node, ast.IfExp):
            return self.mentions(node.test) | (self.mentions(node.body) & self.mentions(node.orelse))
        found: set[str] = set()
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "self":
            if node.attr in OPAQUE_SELF_USES:
                raise _Opaque
            found.add(node.attr)
            if node.attr in self.methods and node.attr not in self.calls and len(self.calls) < CALL_DEPTH:
                found |= self.method_uses(node.attr)
        if isinstance(node, ast.Call) and callee(node.func) in {"getattr", "vars", "super"}:
            raise _Opaque
        for child in ast.iter_child_nodes(node):
            if not isinstance(child, ast.Lambda):
                found |= self.mentions(child)
        return found

    def method_uses(self, name: str) -> set[str]:
        self.calls.append(name)
        try:
            state, returned = self.block(self.methods[name].body, set())
        finally:
            self.calls.pop()
        paths = returned + ([state] if state is not None else [])
        common = set(paths[0]) if paths else set()
        for path in paths[1:]:
            common &= path
        return common

    def block(self, statements: Iterable[ast.stmt], used: set[str]) -> tuple[set[str] | None, list[set[str]]]:
        """(what is used when the block falls through, or None if it never does; what is used at each return)."""
        returned: list[set[str]] = []
        state: set[str] | None = set(used)
        for statement in statements:
            if state is None:
                break
            state, more = self.statement(statement, state)
            returned.extend(more)
        return state, returned

    def statement(self, node: ast.stmt, used: set[str]) -> tuple[set[str] | None, list[set[str]]]:
        if isinstance(node, ast.Return):
            return None, [used | self.mentions(node.value)]
        if isinstance(node, ast.Raise):
            return None, []
        if isinstance(node, ast.If):
            used = used | self.mentions(node.test)
            training = training_test(node.test)
            if training is not None:  # the backward runs in training mode: only that arm
                return self.block(node.body if training else node.orelse, used)
            then, then_returns = self.block(node.body, used)
            orelse, else_returns = self.block(node.orelse, used)
            arms = [s for s in (then, orelse) if s is not None]
            state = set.intersection(*arms) if arms else None
            return state, then_returns + else_returns
        if isinstance(node, (ast.For, ast.AsyncFor, ast.While)):
            used = used | self.mentions(node.iter if isinstance(node, (ast.For, ast.AsyncFor)) else node.test)
            body, returns = self.block(node.body, used)  # assumed to run: loops over layers do
            state = body if body is not None else used
            return self.block(node.orelse, state)[0], returns
        if isinstance(node, (ast.With, ast.AsyncWith)):
            if any(callee(i.context_expr.func if isinstance(i.context_expr, ast.Call) else i.context_expr).rsplit(".", 1)[-1]
                   in NO_GRAD_CONTEXTS for i in node.items):
                state, _ = self.block(node.body, set())  # what runs without grad gives no gradient
                return (used if state is not None else None), []
            for item in node.items:
                used = used | self.mentions(item.context_expr)
            return self.block(node.body, used)
        if isinstance(node, (ast.Try, getattr(ast, "TryStar", ast.Try))):
            state, returns = self.block(node.body, used)
            if state is not None:
                state, more = self.block(node.orelse, state)
                returns += more
            if node.finalbody and state is not None:
                state, more = self.block(node.finalbody, state)
                returns += more
            return state, returns
        if isinstance(node, ast.Match):
            used = used | self.mentions(node.subject)
            states, returns = [], []
            for case in node.cases:
                state, more = self.block(case.body, used)
                returns += more
                if state is not None:
                    states.append(state)
            return (set.intersection(*states) if states else None), returns
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            return used, []
        return used | self.mentions(node), []


def training_test(test: ast.expr) -> bool | None:
    """True for `self.training`, False for `not self.training`, None for any other test."""
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        inner = training_test(test.operand)
        return None if inner is None else not inner
    if isinstance(test, ast.Attribute) and test.attr == "training" and isinstance(test.value, ast.Name) and test.value.id == "self":
        return True
    return None
