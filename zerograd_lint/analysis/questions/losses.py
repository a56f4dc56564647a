"""Questions about the loss: is the loss handed to backward divided by the number of accumulated
micro-batches? Does a test read the loss, or the gradient norm (the "drop this batch" idiom)?"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Callable, Iterable

import libcst as cst

from zerograd_lint.analysis.ir.names import code_of, dotted_name
from zerograd_lint.analysis.ir.nodes import Assign, Backward
from zerograd_lint.analysis.ir.visiting import nodes_of, visit
from zerograd_lint.analysis.ir.vocabulary import CLIP_FUNCTIONS, NORM_FUNCTIONS

DIVIDED = re.compile(r"/|\.div_?\(|reduction")
SIZE_WORDS = re.compile(r"size|len\(|batch|numel|shape|count|accum|world", re.IGNORECASE)
# A test of whether numbers are finite (`if found_inf:`, `if self.overflow:`, `if has_nan:`) is of this batch's numbers.
NON_FINITE_WORDS = re.compile(r"nan|inf(?!o)|finite|overflow", re.IGNORECASE)
COPY_DEPTH = 4
# What a loss tensor can go through keeping its scale: a reduction (the mean or sum of a loss divided by n is divided
# by n), a type or a shape. `loss.mean()` is divided where `loss` is.
SCALE_KEEPING = frozenset({
    "mean", "sum", "nanmean", "nansum", "float", "double", "squeeze", "reshape", "view", "flatten", "contiguous", "clone",
})
HELPER_DEPTH = 2  # a helper returning another helper's loss is followed once more


class _Assignments(cst.CSTVisitor):
    def __init__(self, root: cst.CSTNode, name: str) -> None:
        self.root = root
        self.name = name
        self.values: list[cst.CSTNode] = []
        self.unpacked: dict[cst.CSTNode, int] = {}  # a value unpacked (`loss, out = f()`): where the name is in it

    def visit_FunctionDef(self, node: cst.FunctionDef) -> bool:
        return node is self.root

    def visit_Assign(self, node: cst.Assign) -> None:
        for target in node.targets:
            if self.name in names_in(target.target):
                self.values.append(node.value)
                position = position_in(target.target, self.name)
                if position is not None:
                    self.unpacked[node.value] = position

    def visit_AugAssign(self, node: cst.AugAssign) -> None:
        if self.name in names_in(node.target):
            self.values.append(node)

    def visit_AnnAssign(self, node: cst.AnnAssign) -> None:
        if node.value is not None and self.name in names_in(node.target):
            self.values.append(node.value)

    def visit_Call(self, node: cst.Call) -> None:
        """`loss.mul_(micro_size / batch_size)`, `loss.div_(n)`: scaled in place."""
        func = node.func
        if isinstance(func, cst.Attribute) and func.attr.value in {"mul_", "div_"} and code_of(func.value) == self.name:
            self.values.append(node)


def tests_loss_or_norm(test: cst.BaseExpression, losses: Iterable[str], assignments: Iterable[Assign]) -> bool:
    """`if not math.isfinite(norm)`, `if loss > spike * running`, `if torch.isnan(loss)`: the test reads a loss
    handed to backward or a gradient norm (what a clip or `get_total_norm` returns), directly or through names
    assigned from them (`skip = not torch.isfinite(norm)`, `running = 0.9 * running + 0.1 * loss.item()`), or
    asks whether numbers are finite (`if self.found_overflow():`)."""
    if NON_FINITE_WORDS.search(code_of(test)):
        return True
    assignments = list(assignments)
    derived = set(losses) | {name for a in assignments if any(measures_norm(c) for c in a.callees) for name in a.names}
    grown = True
    while grown:
        found = {name for a in assignments if a.uses & derived for name in a.names}
        grown = not found <= derived
        derived |= found
    read = {code_of(node) for node in nodes_of(test, (cst.Name, cst.Attribute))}
    return bool(read & derived) or any(measures_norm(dotted_name(call.func) or "") for call in nodes_of(test, cst.Call))


def measures_norm(callee: str) -> bool:
    return callee.rsplit(".", 1)[-1] in CLIP_FUNCTIONS | NORM_FUNCTIONS


def position_in(target: cst.BaseExpression, name: str) -> int | None:
    """Where `name` is among the plain names a tuple target unpacks (`loss, out = ...`: 0); None for any other target."""
    if not isinstance(target, (cst.Tuple, cst.List)) or any(isinstance(e, cst.StarredElement) for e in target.elements):
        return None
    return next((i for i, e in enumerate(target.elements) if isinstance(e.value, cst.Name) and e.value.value == name), None)


def element_at(value: cst.CSTNode, position: int, width: int | None = None) -> cst.BaseExpression | None:
    """The element at `position` of a tuple or list display (of `width` elements, when given), None otherwise."""
    if not isinstance(value, (cst.Tuple, cst.List)) or any(isinstance(e, cst.StarredElement) for e in value.elements):
        return None
    if width is not None and len(value.elements) != width:
        return None
    return value.elements[position].value if position < len(value.elements) else None


def names_in(target: cst.BaseExpression) -> set[str]:
    if isinstance(target, cst.Name):
        return {target.value}
    if isinstance(target, (cst.Tuple, cst.List)):
        return {n for e in target.elements for n in names_in(e.value)}
    return set()


def calls_helper(node: cst.CSTNode, helpers: frozenset[str]) -> bool:
    """A call to a function or method defined in this file: it may normalise inside."""
    calls = _HelperCalls(helpers)
    visit(node, calls)
    return calls.found


class _HelperCalls(cst.CSTVisitor):
    def __init__(self, helpers: frozenset[str]) -> None:
        self.helpers = helpers
        self.found = False

    def visit_Call(self, call: cst.Call) -> None:
        name = dotted_name(call.func) or ""
        self.found = self.found or name.rsplit(".", 1)[-1] in self.helpers


def scaled_on_purpose(node: cst.CSTNode) -> bool:
    """Divided, or multiplied as a whole (by a batch size, a count): normalised here or summed on purpose.

    Weights multiplied inside a reduction (`(losses * w).mean()`) are neither.
    """
    text = code_of(node)
    if DIVIDED.search(text):
        return True
    value = node.value if isinstance(node, (cst.Assign, cst.AugAssign)) else node
    if isinstance(node, cst.AugAssign):
        return isinstance(node.operator, (cst.MultiplyAssign, cst.DivideAssign))
    if isinstance(value, cst.BinaryOperation) and isinstance(value.operator, cst.Multiply):
        return True
    if isinstance(value, cst.Call) and isinstance(value.func, cst.Attribute) and value.func.attr.value in {"mul", "mul_"}:
        return True
    return "*" in text and SIZE_WORDS.search(text) is not None


@dataclass(frozen=True)
class Callees:
    """Where the loss question reads what a helper's call returns: the function the lifecycle IR inlined for that call
    (`inlined`: a subclass's override of another module, where a base's loop is checked for the subclass), else the
    one def of its name in the module the call is written in (`written_in`: a node's module, and the names of the
    defs there)."""

    inlined: Callable[[cst.CSTNode], cst.FunctionDef | None]
    written_in: Callable[[cst.CSTNode], tuple[cst.Module | None, frozenset[str]]]

    def calls_helper(self, node: cst.CSTNode) -> bool:
        """A call to a function or method of the node's module, or one the IR inlined: it may normalise inside."""
        return any(self.inlined(call) is not None for call in nodes_of(node, cst.Call)) or calls_helper(node, self.written_in(node)[1])

    def returns(self, value: cst.CSTNode) -> list[tuple[cst.FunctionDef, cst.BaseExpression]] | None:
        """What the helper a value calls returns, with that helper; None when the value is more than the call, or the
        helper is not known (its module defines the name more than once)."""
        if not isinstance(value, cst.Call):
            return None
        function = self.inlined(value)
        if function is None:
            module = self.written_in(value)[0]
            name = (dotted_name(value.func) or "").rsplit(".", 1)[-1]
            functions = [node for node in walk_functions(module) if node.name.value == name] if module is not None else []
            function = functions[0] if len(functions) == 1 else None
        if function is None:
            return None
        returns = _Returns(function)
        visit(function, returns)
        return [(function, r) for r in returns.found] or None


def loss_is_unnormalised(backward: Backward, callees: Callees) -> bool:
    """True only when the loss is visibly built and nowhere divided or scaled on purpose.

    A loss returned by a helper (`loss = self.train_step(model, batch)`) is judged by what that helper returns
    (`Callees`).
    """
    if backward.loss is None:
        return False
    return unnormalised(backward.loss, backward.scope, callees, 0)


def unnormalised(value: cst.CSTNode, scope: cst.CSTNode, callees: Callees, depth: int) -> bool:
    if scaled_on_purpose(value):
        return False
    if callees.calls_helper(value):
        returned = callees.returns(value) if depth < HELPER_DEPTH else None
        return returned is not None and all(unnormalised(r, function, callees, depth + 1) for function, r in returned)
    copied = copy_of(value)
    if copied is None:
        return True
    values: list[cst.CSTNode] = []
    unpacked: list[tuple[cst.CSTNode | None, cst.CSTNode, int]] = []  # what a tuple target's name is, where, how deep
    names, seen = [copied], set()
    while names and len(seen) < COPY_DEPTH:  # `loss = -objective` is divided where `objective` is
        name = names.pop()
        seen.add(name)
        finder = _Assignments(scope, name)
        visit(scope, finder)
        if not finder.values:
            return False  # a parameter, or bound where we cannot see
        values += [found for found in finder.values if found not in finder.unpacked]
        unpacked += [
            element for found, position in finder.unpacked.items() for element in unpacked_elements(found, position, scope, callees, depth)
        ]
        names += [copied for found in finder.values if found not in finder.unpacked and (copied := copy_of(found)) is not None and copied not in seen]
    return (
        all(copy_of(found) is not None or unnormalised(found, scope, callees, depth) for found in values)
        and all(found is not None and unnormalised(found, where, callees, deep) for found, where, deep in unpacked)
    )


def unpacked_elements(
    value: cst.CSTNode, position: int, scope: cst.CSTNode, callees: Callees, depth: int
) -> list[tuple[cst.CSTNode | None, cst.CSTNode, int]]:
    """`loss, out = value`: what the name at `position` is, each with the function it is written in and the helper
    depth it is judged at: an element of a tuple display, or of each tuple a helper returns (`loss, result =
    _forward()` returning `_loss, result`: `_loss`, in `_forward`, one helper deeper); any other value as it is (an
    unknown call's values are built there). None for a helper's return that is no tuple display: unknown."""
    element = element_at(value, position)
    if element is not None or not callees.calls_helper(value):
        return [(element if element is not None else value, scope, depth)]
    returned = callees.returns(value) if depth < HELPER_DEPTH else None
    return [(element_at(r, position), function, depth + 1) for function, r in returned] if returned else [(None, scope, depth)]


class _Returns(cst.CSTVisitor):
    """The values a function returns, not those of the defs and lambdas inside it."""

    def __init__(self, function: cst.FunctionDef) -> None:
        self.function = function
        self.found: list[cst.BaseExpression] = []

    def visit_FunctionDef(self, node: cst.FunctionDef) -> bool:
        return node is self.function

    def visit_Lambda(self, node: cst.Lambda) -> bool:
        return False

    def visit_Return(self, node: cst.Return) -> None:
        if node.value is not None:
            self.found.append(node.value)


def walk_functions(module: cst.Module) -> list[cst.FunctionDef]:
    return nodes_of(module, cst.FunctionDef)


def copy_of(value: cst.CSTNode) -> str | None:
    """The name a value is the same tensor as, up to its sign and what keeps its scale: `objective` in `-objective`,
    `loss` in `loss.mean()`."""
    while True:
        if isinstance(value, cst.UnaryOperation) and isinstance(value.operator, (cst.Minus, cst.Plus)):
            value = value.expression
        elif isinstance(value, cst.Call) and isinstance(value.func, cst.Attribute) and value.func.attr.value in SCALE_KEEPING:
            value = value.func.value
        else:
            return value.value if isinstance(value, cst.Name) else None


def accumulation_count(test: cst.BaseExpression | None, counters: frozenset[str] = frozenset()) -> str | None:
    """`accum` in `(i + 1) % accum == 0`, `n` in `count == n` or `count >= n` (where `count` counts)."""
    if test is None:
        return None
    modulo = _Modulo()
    visit(test, modulo)
    if modulo.found:
        return modulo.found[0]
    if isinstance(test, cst.Comparison) and len(test.comparisons) == 1:
        operator = test.comparisons[0].operator
        sides = (test.left, test.comparisons[0].comparator)
        if isinstance(operator, (cst.Equal, cst.GreaterThanEqual, cst.LessThanEqual)):
            for counter, bound in (sides, sides[::-1]):
                if code_of(counter) in counters and isinstance(bound, (cst.Name, cst.Attribute)):
                    return code_of(bound)
    return None


class _Modulo(cst.CSTVisitor):
    """The right side of every `%`."""

    def __init__(self) -> None:
        self.found: list[str] = []

    def visit_BinaryOperation(self, node: cst.BinaryOperation) -> None:
        if isinstance(node.operator, cst.Modulo):
            self.found.append(code_of(node.right))
