"""`.grad` dereferenced on a parameter with no `is not None` guard (what ZG301 and ZG302 ask about).

A purely syntactic question, so it is answered on CPython's AST: files that
only read `.grad` (most of a codebase that touches gradients) never pay for a
LibCST parse. Whether such a read can meet a None (ZG301) is a question about
paths, answered later (grad_none.py) only for files that can show one.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Iterator, Mapping, Sequence

from zerograd_lint.analysis.questions.no_grad_parts import ModuleClass, module_classes
from zerograd_lint.analysis.questions.visitor import (
    SUITES, Visitor, child_fields, lines_of, lines_saying, nodes_in, spans_a_line, statements_in,
)

UNWRAPPING_CALLS = frozenset({"list", "tuple", "filter", "sorted", "iter", "reversed", "chain", "itertools.chain", "enumerate"})
TENSOR_NAMESPACES = frozenset({"torch", "F", "np", "numpy", "math"})
TENSOR_METHODS = frozenset({"add", "sub", "mul", "div", "copy", "dot", "matmul", "lerp", "addcmul", "addcdiv"})
NONE_CHECKS = (ast.Is, ast.IsNot, ast.Eq, ast.NotEq)
NOT_DEREFERENCING = (ast.Is, ast.IsNot, ast.Eq, ast.NotEq, ast.In, ast.NotIn)
COMPREHENSIONS = (ast.ListComp, ast.SetComp, ast.GeneratorExp, ast.DictComp)
# unittest's assertions that raise when their first argument is None, as `assert p.grad is not None` does.
NOT_NONE_ASSERTIONS = frozenset({"assertIsNotNone", "assertIsInstance"})
DEFINITIONS = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)  # visited whole: a def looks at its decorators too
PROPERTY_DECORATORS = frozenset({"property", "cached_property", "functools.cached_property"})
# What can make a `.grad` None in a file: a backward to come, a clear, a freeze.
NONE_HINTS = re.compile(r"backward\s*\(|zero_grad|set_to_none|\.grad\s*=\s*None|requires_grad(?:_\(|\s*=\s*)\s*(?:requires_grad\s*=\s*)?(?:False|0\b)")


@dataclass(frozen=True)
class GradRead:
    """A `p.grad` that is dereferenced; line and columns 1-based, in characters."""

    line: int
    column: int
    end_line: int
    end_column: int
    parameter: str
    source: str  # where the parameter comes from, as written
    grad_required: bool  # only parameters with `requires_grad` are read: frozen ones are skipped
    # The read as the k-th `name.grad` of its function (or of the module's own code), functions counted as
    # LibCST's ModuleIndex counts its roots: how the flow analysis's events are matched without positions.
    container: int = 0
    ordinal: int = 0
    # An element of `zip(...)` (`zipped_pairs`): ZG302's only. The flow that finds ZG301's None does not follow what
    # an inlined engine's own calls do (nanotron's test_zero.py: `train_batch_iter` runs the backward between the clear
    # and a zipped read), so no None is claimed for such a read yet.
    zipped: bool = False


@dataclass(frozen=True)
class GradReads:
    """A file's unguarded reads, and what can tell whether they meet a None."""

    found: tuple[GradRead, ...] = ()
    names: Mapping[int, tuple[str, ...]] = field(default_factory=dict)  # container -> its `name.grad` names, in order
    hinted: bool = False  # the text says a backward, a clear or a freeze (`NONE_HINTS`)
    # The file's tree and text, walked for its classes and hand-written gradients only when asked: a read's evidence
    # asks them where its other reasons fail (`evidence_for`)
    tree: ast.Module | None = field(default=None, compare=False, repr=False)
    source: str = field(default="", compare=False, repr=False)

    @cached_property
    def classes(self) -> Mapping[str, ModuleClass]:
        """The file's module classes, by name."""
        return module_classes(self.tree, self.source) if self.tree is not None else {}

    @cached_property
    def need_flow(self) -> bool:
        """A clear, a backward, a freeze or a class with parameters getting no gradient: the flow may show a None."""
        return self.hinted or any(c.unused or c.frozen for c in self.classes.values())

    @cached_property
    def writes_grads(self) -> bool:
        """`p.grad = torch.zeros_like(p)` somewhere: gradients may exist before any backward."""
        return self.tree is not None and writes_grads(self.tree)


def dotted(node: ast.AST) -> str:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return f"{dotted(node.value)}.{node.attr}"
    return ""


def is_grad_of(node: ast.AST, name: str) -> bool:
    """`name.grad`, or `getattr(name, "grad", None)`."""
    if isinstance(node, ast.Call) and dotted(node.func) == "getattr" and len(node.args) >= 2:
        owner, attribute = node.args[0], node.args[1]
        return isinstance(owner, ast.Name) and owner.id == name and isinstance(attribute, ast.Constant) and attribute.value == "grad"
    return isinstance(node, ast.Attribute) and node.attr == "grad" and isinstance(node.value, ast.Name) and node.value.id == name


def guard_function(node: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    """`def grad_exists(p): return p is not None and getattr(p, "grad", None) is not None`: a function whose one
    statement (a docstring aside) returns a None test of its first argument's `.grad`."""
    body = [s for s in node.body if not (isinstance(s, ast.Expr) and isinstance(s.value, ast.Constant))]
    arguments = [*node.args.posonlyargs, *node.args.args]
    return (
        len(body) == 1 and isinstance(body[0], ast.Return) and body[0].value is not None and bool(arguments)
        and checks_grad_for_none(body[0].value, arguments[0].arg)
    )


def checks_requires_grad(scope: ast.AST | list[ast.AST], name: str) -> bool:
    """Any `p.requires_grad` tested in the code (`if p.requires_grad:`, a comprehension filter)."""
    nodes = scope if isinstance(scope, list) else [scope]
    return any(
        isinstance(node, ast.Attribute) and node.attr == "requires_grad" and isinstance(node.value, ast.Name) and node.value.id == name
        for root in nodes
        for node in nodes_in(root)
    )


def checks_grad_for_none(scope: ast.AST | list[ast.AST], name: str, guards: frozenset[str] | set[str] = frozenset()) -> bool:
    """Any `p.grad is (not) None`, `p.grad == None`, `if p.grad`, `assert p.grad`, `isinstance(p.grad, torch.Tensor)`
    (None is an instance of no tensor class), unittest's `self.assertIsNotNone(p.grad)` in the code; or a call `f(p)`
    of a function of the file that answers one of those about its argument (`guards`)."""
    nodes = scope if isinstance(scope, list) else [scope]
    for root in nodes:
        for node in nodes_in(root):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in guards and node.args:
                if isinstance(node.args[0], ast.Name) and node.args[0].id == name:
                    return True
            if isinstance(node, ast.Call) and dotted(node.func) == "isinstance" and node.args and is_grad_of(node.args[0], name):
                return True
            if (
                isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in NOT_NONE_ASSERTIONS
                and node.args and is_grad_of(node.args[0], name)
            ):
                return True
            if isinstance(node, ast.Compare) and all(isinstance(op, NONE_CHECKS) for op in node.ops):
                operands = [node.left, *node.comparators]
                if any(is_grad_of(o, name) for o in operands) and any(isinstance(o, ast.Constant) and o.value is None for o in operands):
                    return True
            test = getattr(node, "test", None) if isinstance(node, (ast.If, ast.While, ast.IfExp, ast.Assert)) else None
            tests = [test] if test is not None else list(node.values) if isinstance(node, ast.BoolOp) else []
            if isinstance(node, COMPREHENSIONS):
                tests = [condition for generator in node.generators for condition in generator.ifs]
            for candidate in tests:
                if isinstance(candidate, ast.UnaryOp) and isinstance(candidate.op, ast.Not):
                    candidate = candidate.operand
                if is_grad_of(candidate, name):
                    return True
    return False


@dataclass(frozen=True)
class Source:
    is_params: bool
    guarded: bool = False  # filtered on `.grad is not None`
    grad_required: bool = False  # filtered on `.requires_grad`


@dataclass(frozen=True)
class Bound:
    """A loop or comprehension variable over parameters."""

    source: str  # the collection, as written
    guarded: bool
    grad_required: bool
    zipped: bool = False  # an element of `zip(...)` (see GradRead.zipped)


def zipped_pairs(target: ast.AST, iterable: ast.AST) -> list[tuple[ast.expr, ast.expr]] | None:
    """The target's elements each with the collection `zip(...)` draws it from, where a tuple target unpacks a zip of
    as many plain arguments; None otherwise."""
    if not (isinstance(iterable, ast.Call) and dotted(iterable.func) == "zip" and isinstance(target, ast.Tuple)):
        return None
    arguments = iterable.args
    if iterable.keywords or len(arguments) != len(target.elts) or any(isinstance(a, ast.Starred) for a in [*arguments, *target.elts]):
        return None
    return list(zip(target.elts, arguments))


def gradients_written(statement: ast.stmt) -> list[str]:
    """The names whose `.grad` the statement assigns (`p.grad = value`)."""
    targets = statement.targets if isinstance(statement, ast.Assign) else []
    return [target.value.id for target in targets if isinstance(target, ast.Attribute) and target.attr == "grad" and isinstance(target.value, ast.Name)]


def fills_missing_gradient(statement: ast.stmt, name: str) -> bool:
    """`if p.grad is None: p.grad = torch.zeros_like(p)`: a gradient given to every parameter that had none."""
    test = statement.test if isinstance(statement, ast.If) and not statement.orelse else None
    return (
        isinstance(test, ast.Compare) and len(test.ops) == 1 and isinstance(test.ops[0], ast.Is) and is_grad_of(test.left, name)
        and isinstance(test.comparators[0], ast.Constant) and test.comparators[0].value is None
        and any(name in gradients_written(inner) for inner in statement.body)
    )


def returned_values(statements: Sequence[ast.AST]) -> Iterator[ast.expr]:
    """What the `return` statements of a def's body return (not those of the defs and classes inside it); `statements`
    may hold `except` clauses and `case`s, whose bodies are looked in."""
    for statement in statements:
        if isinstance(statement, ast.Return) and statement.value is not None:
            yield statement.value
        elif not isinstance(statement, DEFINITIONS):
            for name in SUITES:
                yield from returned_values(getattr(statement, name, None) or ())


def properties_of(tree: ast.Module) -> dict[str, dict[str, ast.FunctionDef]]:
    """Each class of the file (a name given to two classes is no one's), with the properties it has: its own, then
    those of its bases of the file (left to right, depth first), by name."""
    classes: dict[str, ast.ClassDef | None] = {}
    for node in statements_in(tree):
        if isinstance(node, ast.ClassDef):
            classes[node.name] = None if node.name in classes else node
    return {name: properties_along(classes, name, frozenset()) for name, node in classes.items() if node is not None}


def properties_along(classes: Mapping[str, ast.ClassDef | None], name: str, seen: frozenset[str]) -> dict[str, ast.FunctionDef]:
    """The properties of the class `name` of `classes` and of its bases there (not a closure: the classes' trees are
    freed with the file's, by their reference counts, not left to the collector)."""
    node = classes.get(name)
    if node is None or name in seen:
        return {}
    found: dict[str, ast.FunctionDef] = {}
    for base in reversed(node.bases):
        found.update(properties_along(classes, dotted(base), seen | {name}))
    found.update(
        (item.name, item) for item in node.body
        if isinstance(item, ast.FunctionDef) and any(dotted(d) in PROPERTY_DECORATORS for d in item.decorator_list)
    )
    return found


@dataclass(frozen=True)
class Instance:
    """Inside a method: the name of its instance (`self`) and its class's name."""

    name: str
    owner: str


class _Finder(Visitor):
    def __init__(self, tree: ast.Module, source: str, grad_lines: Sequence[int], namespaces: frozenset[str]) -> None:
        self.tree = tree
        self.source = source
        self.grad_lines = grad_lines
        self.namespaces = namespaces
        self.instances: list[Instance | None] = [None]  # the instance of the method being visited, if any
        self.class_body: list[str] = []  # the class whose body's defs are methods, innermost last
        self.assigned: list[dict[str, ast.AST]] = [{}]
        self.asserted: list[set[str]] = [set()]  # collections asserted free of None gradients, per function
        self.bound: list[dict[str, Bound]] = []
        self.guards: set[str] = set()  # functions seen that test an argument's `.grad` for None (see guard_function)
        # (line, column) -> the read, not yet placed in its container, and where CPython puts its node
        self.found: dict[tuple[int, int], tuple[GradRead, tuple[int, int]]] = {}

    # Where parameters come from ------------------------------------------------

    def parameter_source(self, node: ast.AST, depth: int = 0, following: frozenset[str] = frozenset()) -> Source:
        """Whether `node` is a parameter collection, and how it is filtered. `following`: the names whose
        assigned values are being read (`parameters = [p for p in parameters]` reads the name it rebinds)."""
        if depth > 5:
            return Source(False)
        if isinstance(node, ast.Call):
            callee = dotted(node.func)
            if isinstance(node.func, ast.Attribute) and node.func.attr in {"parameters", "named_parameters"}:
                return Source(True)
            if callee in UNWRAPPING_CALLS or callee.endswith(".chain"):
                lambdas = [(a.body, p.arg) for a in node.args if isinstance(a, ast.Lambda) for p in a.args.args]
                sources = [self.parameter_source(a, depth + 1, following) for a in node.args]
                return Source(
                    any(r.is_params for r in sources),
                    any(checks_grad_for_none(b, p, self.guards) for b, p in lambdas) or any(r.guarded for r in sources),
                    any(checks_requires_grad(b, p) for b, p in lambdas) or any(r.grad_required for r in sources),
                )
            return Source(False)
        if isinstance(node, ast.Subscript):
            index = node.slice
            if isinstance(index, ast.Slice):  # `params[-k:]`: some of the collection's parameters
                return self.parameter_source(node.value, depth + 1, following)
            return Source(isinstance(index, ast.Constant) and isinstance(index.value, str) and "params" in index.value)
        if isinstance(node, (ast.ListComp, ast.GeneratorExp, ast.SetComp)):
            generator = node.generators[0]
            inner = self.parameter_source(generator.iter, depth + 1, following)
            # The names the element carries of those the target binds: `p` of `[(n, p) for n, p in named if
            # p.grad is not None]` as of `[p for p in params if ...]`.
            carried = {n.id for n in ast.walk(node.elt) if isinstance(n, ast.Name)}
            names = [n.id for n in ast.walk(generator.target) if isinstance(n, ast.Name) and n.id in carried]
            return Source(
                inner.is_params,
                inner.guarded or any(checks_grad_for_none(node, name, self.guards) for name in names),
                inner.grad_required or any(checks_requires_grad(node, name) for name in names),
            )
        if isinstance(node, ast.Name) and node.id in self.assigned[-1] and node.id not in following:
            return self.parameter_source(self.assigned[-1][node.id], depth + 1, following | {node.id})
        name = node.id if isinstance(node, ast.Name) else node.attr if isinstance(node, ast.Attribute) else ""
        named = Source("param" in name.lower() and "group" not in name.lower())
        instance = self.instances[-1]
        if named.is_params and instance and isinstance(node, ast.Attribute) and dotted(node.value) == instance.name:
            prop = self.properties.get(instance.owner, {}).get(node.attr)
            if prop is not None:
                returned = self.returned_source(prop, depth + 1)
                return Source(True, returned.guarded, returned.grad_required)
        return named

    def returned_source(self, prop: ast.FunctionDef, depth: int) -> Source:
        """How what a property returns is filtered: guarded where every parameter collection it returns is (`return []`
        returns none). Only its filters are read: which collection it is stays the name's word, as where the
        property's body is not at hand (the gate leaves out a def that reads no `.grad`, `gate.may_read_grad_unguarded`,
        and may only add reads so)."""
        self.assigned.append({})
        for statement in prop.body:
            self.note_assignments(statement)
        returned = [self.parameter_source(value, depth) for value in returned_values(prop.body)]
        self.assigned.pop()
        collections = [r for r in returned if r.is_params]
        if not collections:
            return Source(False)
        return Source(True, all(r.guarded for r in collections), all(r.grad_required for r in collections))

    def bind(self, target: ast.AST, iterable: ast.AST, scope: ast.AST | list[ast.AST]) -> dict[str, Bound]:
        zipped = zipped_pairs(target, iterable)
        if zipped is not None:  # `for p, g in zip(group["params"], global_params)`: each name of its own collection
            return {
                name: replace(bound, zipped=True) for element, argument in zipped for name, bound in self.bind(element, argument, scope).items()
            }
        source = self.parameter_source(iterable)
        if not source.is_params:
            return {}
        if isinstance(target, ast.Tuple) and len(target.elts) == 2:
            target = target.elts[1]  # (name, p) from named_parameters() / enumerate()
        if not isinstance(target, ast.Name):
            return {}
        written = ast.unparse(iterable)
        guarded = source.guarded or checks_grad_for_none(scope, target.id, self.guards) or written in self.asserted[-1]
        return {target.id: Bound(written, guarded, source.grad_required or checks_requires_grad(scope, target.id))}

    def assertion(self, test: ast.AST) -> None:
        """`assert all(p.grad is not None for p in X)`: later reads over the same X are guarded."""
        for node in nodes_in(test):
            if isinstance(node, COMPREHENSIONS) and isinstance(node.generators[0].target, ast.Name):
                if checks_grad_for_none(node, node.generators[0].target.id, self.guards):
                    self.asserted[-1].add(ast.unparse(node.generators[0].iter))

    def visit_Assert(self, node: ast.Assert) -> None:
        self.assertion(node.test)
        self.generic_visit(node)

    def visit_Expr(self, node: ast.Expr) -> None:
        call = node.value
        if isinstance(call, ast.Call) and isinstance(call.func, ast.Attribute) and call.func.attr.startswith("assert"):
            for argument in call.args:
                self.assertion(argument)  # self.assertTrue(not any(p.grad is None for p in X))
        self.generic_visit(node)

    # Statements with no `grad` -----------------------------------------------

    def generic_visit(self, node: ast.AST) -> None:
        """As `Visitor`'s, but of a statement none of whose lines says `grad` only the assignments are noted:
        nothing in it can be reported, and later statements may read what it assigns."""
        for name in child_fields(type(node)):
            value = getattr(node, name, None)
            if type(value) is list:
                self.visit_all(value)
            elif isinstance(value, ast.AST):
                self.visit(value)

    def visit_all(self, nodes: list[ast.AST]) -> None:
        for node in nodes:
            if not isinstance(node, ast.AST):
                continue
            if isinstance(node, ast.stmt) and not isinstance(node, DEFINITIONS) and not self.says_grad(node):
                self.note_assignments(node)
            else:
                self.visit(node)

    def says_grad(self, statement: ast.stmt) -> bool:
        return spans_a_line(self.grad_lines, statement.lineno, statement.end_lineno or statement.lineno)

    def note_assignments(self, node: ast.AST) -> None:
        """`name = value` in a statement and the statements under it, as `visit_Assign` notes them (a def's own aside)."""
        if isinstance(node, ast.Assign):
            for target in node.targets:
                if isinstance(target, ast.Name):
                    self.assigned[-1][target.id] = node.value
        for name in SUITES:
            for inner in getattr(node, name, None) or ():
                if not isinstance(inner, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    self.note_assignments(inner)

    # Scopes -----------------------------------------------------------------

    def visit_FunctionDef(self, node: ast.FunctionDef | ast.AsyncFunctionDef) -> None:
        if not self.may_read_grad(node):
            return  # nothing in it can be reported, and what it binds stays in it
        if guard_function(node):
            self.guards.add(node.name)
        self.assigned.append({})
        self.asserted.append(set())
        self.instances.append(self.instance_of(node))
        self.class_body.append("")  # a def inside it is no method
        self.generic_visit(node)
        self.class_body.pop()
        self.instances.pop()
        self.assigned.pop()
        self.asserted.pop()

    visit_AsyncFunctionDef = visit_FunctionDef

    def instance_of(self, node: ast.FunctionDef | ast.AsyncFunctionDef) -> Instance | None:
        """The instance a method is called on (its first parameter), with its class's properties; a nested def's
        is its enclosing method's."""
        owner = self.class_body[-1] if self.class_body else ""
        if not owner:
            return self.instances[-1]
        arguments = [*node.args.posonlyargs, *node.args.args]
        return Instance(arguments[0].arg, owner) if arguments else None

    @cached_property
    def properties(self) -> dict[str, dict[str, ast.FunctionDef]]:
        """The file's classes' properties, by class (`properties_of`): asked only where a method iterates over an
        attribute of its instance that names parameters (most files with reads never do: a walk of every statement
        spared)."""
        return properties_of(self.tree)

    def visit_ClassDef(self, node: ast.ClassDef) -> None:
        self.class_body.append(node.name)
        self.generic_visit(node)
        self.class_body.pop()

    def may_read_grad(self, node: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
        """Whether a line of the def (its decorators too) says `grad`, or may in other letters (NFKC)."""
        first = min([node.lineno, *(d.lineno for d in node.decorator_list)])
        return spans_a_line(self.grad_lines, first, node.end_lineno or node.lineno)

    def visit_Assign(self, node: ast.Assign) -> None:
        for target in node.targets:
            if isinstance(target, ast.Name):
                self.assigned[-1][target.id] = node.value
        self.generic_visit(node)

    def visit_For(self, node: ast.For | ast.AsyncFor) -> None:
        self.visit(node.iter)
        frame = self.bind(node.target, node.iter, node.body)
        self.bound.append(frame)
        for statement in node.body:
            self.visit_all([statement])
            for name in gradients_written(statement):  # `param.grad = mask * avg`: read after it, it is that value
                if name in frame:
                    frame[name] = replace(frame[name], guarded=True)
        self.visit_all(node.orelse)
        self.bound.pop()
        if isinstance(node.target, ast.Name) and any(fills_missing_gradient(statement, node.target.id) for statement in node.body):
            self.asserted[-1].add(ast.unparse(node.iter))  # `if p.grad is None: p.grad = zeros_like(p)`: none is None after

    visit_AsyncFor = visit_For

    def visit_comprehension_node(self, node: ast.AST) -> None:
        binding: dict[str, Bound] = {}
        for generator in node.generators:
            binding.update(self.bind(generator.target, generator.iter, node))
        self.bound.append(binding)
        self.generic_visit(node)
        self.bound.pop()

    visit_ListComp = visit_SetComp = visit_GeneratorExp = visit_DictComp = visit_comprehension_node

    # Dereferences -------------------------------------------------------------

    def dereferenced(self, node: ast.AST) -> None:
        if not (isinstance(node, ast.Attribute) and node.attr == "grad" and isinstance(node.value, ast.Name)):
            return
        for frame in reversed(self.bound):
            if node.value.id in frame:
                bound = frame[node.value.id]
                if not bound.guarded:
                    self.report(node, node.value.id, bound)
                return

    def report(self, node: ast.Attribute, parameter: str, bound: Bound) -> None:
        line, column = node.lineno, self.column(node.lineno, node.col_offset)
        end_line, end_column = node.end_lineno or line, self.column(node.end_lineno or line, node.end_col_offset or 0)
        read = GradRead(line, column, end_line, end_column, parameter, bound.source, bound.grad_required, zipped=bound.zipped)
        self.found.setdefault((line, column), (read, (node.lineno, node.col_offset)))

    @cached_property
    def lines(self) -> list[str]:
        """The source's lines, split for the first read found (most files have none)."""
        return lines_of(self.source)

    def column(self, line: int, byte_offset: int) -> int:
        """CPython counts UTF-8 bytes; reports count characters, 1-based."""
        text = self.lines[line - 1] if line <= len(self.lines) else ""
        return len(text.encode("utf-8")[:byte_offset].decode("utf-8", errors="replace")) + 1

    def visit_Attribute(self, node: ast.Attribute) -> None:
        self.dereferenced(node.value)
        self.generic_visit(node)

    def visit_Subscript(self, node: ast.Subscript) -> None:
        self.dereferenced(node.value)
        self.generic_visit(node)

    def visit_BinOp(self, node: ast.BinOp) -> None:
        self.dereferenced(node.left)
        self.dereferenced(node.right)
        self.generic_visit(node)

    def visit_UnaryOp(self, node: ast.UnaryOp) -> None:
        if not isinstance(node.op, ast.Not):
            self.dereferenced(node.operand)
        self.generic_visit(node)

    def visit_Compare(self, node: ast.Compare) -> None:
        if not any(isinstance(op, NOT_DEREFERENCING) for op in node.ops):
            for operand in [node.left, *node.comparators]:
                self.dereferenced(operand)
        self.generic_visit(node)

    def visit_AugAssign(self, node: ast.AugAssign) -> None:
        self.dereferenced(node.target)
        self.generic_visit(node)

    def visit_Call(self, node: ast.Call) -> None:
        callee = dotted(node.func)
        method = node.func.attr if isinstance(node.func, ast.Attribute) else ""
        if callee.split(".")[0] in self.namespaces or method.endswith("_") or method in TENSOR_METHODS:
            for argument in node.args:
                self.dereferenced(argument)
        self.generic_visit(node)


def tensor_namespaces(tree: ast.Module) -> frozenset[str]:
    """torch, numpy and math, under the names the module imports them as (`import torch as th`)."""
    names = set(TENSOR_NAMESPACES)
    for node in tree.body:
        if isinstance(node, ast.Import):
            names.update(a.asname for a in node.names if a.asname and a.name.split(".")[0] in {"torch", "numpy", "math"})
        elif isinstance(node, ast.ImportFrom) and node.module == "torch.nn":
            names.update(a.asname or a.name for a in node.names if a.name == "functional")
    return frozenset(names)


def grad_attributes_by_container(tree: ast.Module, grad_lines: Sequence[int]) -> list[list[ast.Attribute]]:
    """Every `name.grad` of the module's own code, then of each def's own body (defs in pre-order), in source order.

    Nested defs and classes belong to no enclosing container; a def's decorators and defaults to none.
    `grad_lines`: the lines that may say `grad` (sorted); the expressions of a statement without one are not walked.
    """
    module: list[ast.Attribute] = []
    containers = [module]
    suite_grad_attributes(tree.body, module, containers, grad_lines)
    module.sort(key=lambda a: (a.lineno, a.col_offset))
    return containers


# The walk below is two functions of the module, not closures: a recursive closure is a reference cycle, which would
# keep the nodes it reached for the collector instead of freeing them with the file's tree.


def suite_grad_attributes(
    statements: Sequence[ast.stmt], into: list[ast.Attribute], containers: list[list[ast.Attribute]], grad_lines: Sequence[int]
) -> None:
    for statement in statements:
        if isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef)):
            own: list[ast.Attribute] = []
            containers.append(own)
            suite_grad_attributes(statement.body, own, containers, grad_lines)
            own.sort(key=lambda a: (a.lineno, a.col_offset))
        elif isinstance(statement, ast.ClassDef):
            suite_grad_attributes(statement.body, [], containers, grad_lines)  # defs of the class; its own code is no one's
        else:
            held_grad_attributes(statement, into, containers, grad_lines)


def held_grad_attributes(
    node: ast.AST, into: list[ast.Attribute], containers: list[list[ast.Attribute]], grad_lines: Sequence[int]
) -> None:
    """A statement other than a def or a class, an `except` clause or a `case`: its code, then its statements."""
    says_grad = spans_a_line(grad_lines, node.lineno, node.end_lineno or node.lineno) if hasattr(node, "lineno") else True
    for name, value in ast.iter_fields(node):
        if name in SUITES:
            for child in value:
                if isinstance(child, ast.stmt):
                    suite_grad_attributes([child], into, containers, grad_lines)
                else:
                    held_grad_attributes(child, into, containers, grad_lines)
        elif says_grad:
            for part in value if isinstance(value, list) else [value]:
                if isinstance(part, ast.AST):
                    into.extend(
                        n for n in nodes_in(part)
                        if isinstance(n, ast.Attribute) and n.attr == "grad" and isinstance(n.value, ast.Name)
                    )


def find_grad_reads(tree: ast.Module, source: str) -> tuple[tuple[GradRead, ...], dict[int, tuple[str, ...]]]:
    """The unguarded reads, and the `name.grad` names of the containers that hold them."""
    grad_lines = lines_saying(source, "grad")
    finder = _Finder(tree, source, grad_lines, tensor_namespaces(tree))
    finder.visit(tree)
    if not finder.found:
        return (), {}  # the containers are counted for a file with reads only
    attributes = grad_attributes_by_container(tree, grad_lines)
    order = {(a.lineno, a.col_offset): (c, k) for c, own in enumerate(attributes) for k, a in enumerate(own)}
    placed = []
    for read, position in finder.found.values():
        container, ordinal = order.get(position, (0, -1))
        placed.append(replace(read, container=container, ordinal=ordinal))
    found = tuple(sorted(placed, key=lambda r: (r.line, r.column)))
    names = {r.container: tuple(a.value.id for a in attributes[r.container]) for r in found}  # type: ignore[attr-defined]
    return found, names


def grad_reads_of(tree: ast.Module, source: str) -> GradReads:
    """The unguarded reads of a file, and whether anything in it can show them a None."""
    found, names = find_grad_reads(tree, source)
    if not found:
        return GradReads()
    return GradReads(found, names, NONE_HINTS.search(source) is not None, tree, source)


def writes_grads(tree: ast.Module) -> bool:
    """`x.grad = <a tensor>` anywhere in the file (not `= None`)."""
    return any(
        isinstance(node, ast.Assign)
        and any(isinstance(t, ast.Attribute) and t.attr == "grad" for t in node.targets)
        and not (isinstance(node.value, ast.Constant) and node.value.value is None)
        for node in statements_in(tree)
    )
