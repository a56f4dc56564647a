"""The keys a read of a dict by a registered name uses (ZG602): `self.metrics[item["name"]]` inside `for item in
self.metric_names: if item["optim"]:` of a method inlined on an instance, where the list `self.metric_names` holds only
what one method of the class appends (`self.metric_names.append({"name": name, "optim": optim})`) and the one class
that builds the instance calls that method with literals, in its `__init__` (by2101/OpenASR's `MetricSummarizer`,
`register_metric("per_token_loss", optim=True)`): the names of the registered elements the tests around the read let
through. Unknown (no entry) wherever any of that is not seen: the list grown or handed elsewhere, the instance handed
on, an argument that is no literal."""

from __future__ import annotations

import operator
from ast import literal_eval
from typing import Callable, Iterator, Mapping

import libcst as cst

from zerograd_lint.analysis.ir.conditions import literal_of
from zerograd_lint.analysis.ir.index import ModuleIndex
from zerograd_lint.analysis.ir.names import code_of
from zerograd_lint.analysis.ir.nodes import Assign, Branch, Event, Inlined, Loop, Node, children, events_in
from zerograd_lint.analysis.ir.visiting import visit

Element = Mapping[str, str]  # a registered dict display: each key -> its value, both as `literal_of` writes them
Test = tuple[cst.BaseExpression, bool]  # a branch's test, and whether the code under it runs when it is true


def keyed_reads(block: Node, root: cst.CSTNode, index_of: Callable[[cst.CSTNode], ModuleIndex]) -> dict[int, frozenset[str]]:
    """Assign id -> the entries its value reads by a registered key (`self.metrics['per_token_loss']`)."""
    found: dict[int, frozenset[str]] = {}
    for assign, inlined, caller, loops, tests in reads(block, None, root, (), ()):
        entries = entries_read(assign, inlined, caller, loops, tests, index_of)
        if entries:
            found[assign.id] = entries
    return found


def reads(
    node: Node, inlined: Inlined | None, caller: cst.CSTNode, loops: tuple[cst.For, ...], tests: tuple[Test, ...]
) -> Iterator[tuple[Assign, Inlined, cst.CSTNode, tuple[cst.For, ...], tuple[Test, ...]]]:
    """Each assignment of an inlined method's code, with that method's call, the function it is called from, and the
    `for` loops and the tests around the assignment in the method's own code."""
    if isinstance(node, Event):
        if isinstance(node, Assign) and inlined is not None and node.scope is inlined.function:
            yield node, inlined, caller, loops, tests
        return
    if isinstance(node, Inlined):
        yield from reads(node.body, node, inlined.function if inlined is not None else caller, (), ())
        return
    if isinstance(node, Branch) and node.test is not None:
        yield from reads(node.then, inlined, caller, loops, (*tests, (node.test, not node.negated)))
        yield from reads(node.orelse, inlined, caller, loops, (*tests, (node.test, node.negated)))
        return
    if isinstance(node, Loop) and isinstance(node.node, cst.For):
        yield from reads(node.body, inlined, caller, (*loops, node.node), tests)
        yield from reads(node.orelse, inlined, caller, loops, tests)
        return
    for child in children(node):
        yield from reads(child, inlined, caller, loops, tests)


def entries_read(
    assign: Assign, inlined: Inlined, caller: cst.CSTNode, loops: tuple[cst.For, ...], tests: tuple[Test, ...],
    index_of: Callable[[cst.CSTNode], ModuleIndex],
) -> frozenset[str]:
    """`self.metrics['per_token_loss']` for `value, weight = self.metrics[item["name"]]` (see the module's docstring)."""
    value = getattr(assign.node, "value", None)
    index = subscript_index(value) if isinstance(value, cst.Subscript) else None
    if isinstance(index, cst.Name):  # `v = self.metrics[key]` after `key = item["name"]`
        index = bound_once(inlined, index.value)
    read = element_key(index) if isinstance(index, cst.Subscript) else None
    if read is None or not code_of(value.value).startswith("self."):  # type: ignore[union-attr]
        return frozenset()
    element, key = read
    loop = next((loop for loop in reversed(loops) if isinstance(loop.target, cst.Name) and loop.target.value == element), None)
    listed = self_attribute(loop.iter) if loop is not None else None
    if listed is None:
        return frozenset()
    registered = registered_elements(inlined, caller, listed, index_of)
    if registered is None:
        return frozenset()
    names = {e[key] for e in registered if key in e and all(lets_through(test, runs, element, e) for test, runs in tests)}
    return frozenset(f"{code_of(value.value)}[{name}]" for name in names)  # type: ignore[union-attr]


def subscript_index(subscript: cst.Subscript) -> cst.BaseExpression | None:
    """`k` of `d[k]`: the one index, no slice."""
    if len(subscript.slice) != 1 or not isinstance(subscript.slice[0].slice, cst.Index):
        return None
    return subscript.slice[0].slice.value


def element_key(subscript: cst.Subscript) -> tuple[str, str] | None:
    """`item` and `'name'` of `item["name"]`: a name read by a literal key."""
    key = subscript_index(subscript)
    literal = literal_of(key) if key is not None else None
    return (subscript.value.value, literal) if isinstance(subscript.value, cst.Name) and literal is not None else None


def bound_once(inlined: Inlined, name: str) -> cst.BaseExpression | None:
    """The value of the one assignment of the local `name` in the inlined method's code."""
    assigns = [e for e in events_in(inlined.body) if isinstance(e, Assign) and e.scope is inlined.function and name in e.names]
    if len(assigns) != 1 or assigns[0].names != {name} or not isinstance(assigns[0].node, cst.Assign):
        return None
    return assigns[0].node.value


COMPARED = {cst.Equal: operator.eq, cst.NotEqual: operator.ne, cst.Is: operator.is_, cst.IsNot: operator.is_not}


def lets_through(test: cst.BaseExpression, runs: bool, element: str, registered: Element) -> bool:
    """Whether the code under `test` (run where it is `runs`) may run for that registered element: `item["optim"]`
    (or `item["optim"] == True`) read from the element's literal; a test of anything else may."""
    if isinstance(test, cst.UnaryOperation) and isinstance(test.operator, cst.Not):
        return lets_through(test.expression, not runs, element, registered)
    compared = None
    if isinstance(test, cst.Comparison) and len(test.comparisons) == 1 and type(test.comparisons[0].operator) in COMPARED:
        comparison = test.comparisons[0]
        compared = (COMPARED[type(comparison.operator)], literal_of(comparison.comparator))
        test = test.left
    read = element_key(test) if isinstance(test, cst.Subscript) else None
    if read is None or read[0] != element or read[1] not in registered or (compared is not None and compared[1] is None):
        return True
    held = literal_eval(registered[read[1]])
    holds = compared[0](held, literal_eval(compared[1])) if compared is not None else bool(held)  # type: ignore[index]
    return holds == runs


def self_attribute(node: cst.BaseExpression) -> str | None:
    """`metric_names` of `self.metric_names`."""
    if isinstance(node, cst.Attribute) and isinstance(node.value, cst.Name) and node.value.value == "self":
        return node.attr.value
    return None


def registered_elements(
    inlined: Inlined, caller: cst.CSTNode, listed: str, index_of: Callable[[cst.CSTNode], ModuleIndex]
) -> list[Element] | None:
    """The elements of the list `self.<listed>` of the instance `inlined` runs on: one for each call, in the `__init__`
    of the class whose method calls it, of the method of the instance's class that appends a dict display to it."""
    func = inlined.call.func if isinstance(inlined.call, cst.Call) else None
    held = self_attribute(func.value) if isinstance(func, cst.Attribute) else None
    home = index_of(inlined.function)
    cls = home.owner_class(inlined.function)
    owner = index_of(caller).owner_class(caller) if isinstance(caller, cst.FunctionDef) else None
    if held is None or cls is None or owner is None:
        return None
    appending = _Uses(listed, receivers=False)
    visit(cls, appending)
    if appending.escapes or appending.assigned != ["__init__"]:
        return None
    calling = _Uses(held, receivers=True)
    visit(owner, calling)
    if calling.escapes or calling.assigned != ["__init__"] or not constructs(calling.values[0], cls, owner, index_of(caller)):
        return None
    registering = {method: display for method, display in appending.appended}
    if len(registering) != len(appending.appended):
        return None
    elements = []
    for method, call, where in calling.calls:
        if method not in registering:
            continue
        function = home.method(cls, method)
        element = bound_display(registering[method], function, call) if function is not None and where == "__init__" else None
        if element is None:
            return None
        elements.append(element)
    return elements


def constructs(value: cst.BaseExpression, cls: cst.ClassDef, owner: cst.ClassDef, index: ModuleIndex) -> bool:
    """Whether `value`, written in the `__init__` of `owner`, builds an instance of `cls` (`metric.MetricSummarizer()`)."""
    init = index.method(owner, "__init__")
    if not isinstance(value, cst.Call) or init is None:
        return False
    found = index.definition_of(code_of(value.func), init)
    return found is not None and found[1] is cls


def bound_display(display: cst.Dict, function: cst.FunctionDef, call: cst.Call) -> Element | None:
    """The dict display with the method's parameters read as the call binds them, each key and value a literal."""
    parameters = [p for p in function.params.params][1:]  # after `self`
    bound: dict[str, str | None] = {p.name.value: literal_of(p.default) if p.default is not None else None for p in parameters}
    positional = [a for a in call.args if a.keyword is None and not a.star]
    if len(positional) > len(parameters) or any(a.star for a in call.args):
        return None
    for parameter, argument in zip(parameters, positional):
        bound[parameter.name.value] = literal_of(argument.value)
    for argument in call.args:
        if argument.keyword is not None:
            if argument.keyword.value not in bound:
                return None
            bound[argument.keyword.value] = literal_of(argument.value)
    element: dict[str, str] = {}
    for entry in display.elements:
        if not isinstance(entry, cst.DictElement):
            return None
        key = literal_of(entry.key)
        value = bound.get(entry.value.value) if isinstance(entry.value, cst.Name) and entry.value.value in bound else literal_of(entry.value)
        if key is None or value is None:
            return None
        element[key] = value
    return element


class _Uses(cst.CSTVisitor):
    """The uses of `self.<attribute>` in a class: the methods assigning it and the values assigned; a list's
    `append(<dict display>)` calls (`receivers=False`) or each method called on it (`receivers=True`); anything else, or
    a nested def or class that may see another `self`, is an escape."""

    def __init__(self, attribute: str, receivers: bool) -> None:
        self.attribute = attribute
        self.receivers = receivers
        self.method: str | None = None
        self.depth = 0
        self.assigned: list[str] = []
        self.values: list[cst.BaseExpression] = []
        self.appended: list[tuple[str, cst.Dict]] = []
        self.calls: list[tuple[str, cst.Call, str | None]] = []
        self.seen: set[int] = set()  # the uses accounted for
        self.escapes = False

    def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
        self.depth += 1
        if self.depth == 1:
            self.method = node.name.value

    def leave_FunctionDef(self, original_node: cst.FunctionDef) -> None:
        self.depth -= 1

    def is_use(self, node: cst.CSTNode) -> bool:
        return isinstance(node, cst.Attribute) and self_attribute(node) == self.attribute

    def visit_Assign(self, node: cst.Assign) -> None:
        for target in node.targets:
            if self.is_use(target.target) and self.method is not None:
                self.assigned.append(self.method)
                self.values.append(node.value)
                self.seen.add(id(target.target))

    def visit_Call(self, node: cst.Call) -> None:
        func = node.func
        if not (isinstance(func, cst.Attribute) and self.is_use(func.value) and self.method is not None):
            return
        if self.receivers:
            self.calls.append((func.attr.value, node, self.method))
            self.seen.add(id(func.value))
        elif func.attr.value == "append" and len(node.args) == 1 and isinstance(node.args[0].value, cst.Dict):
            self.appended.append((self.method, node.args[0].value))
            self.seen.add(id(func.value))

    def visit_For(self, node: cst.For) -> None:
        if not self.receivers and self.is_use(node.iter):
            self.seen.add(id(node.iter))

    def visit_CompFor(self, node: cst.CompFor) -> None:
        if not self.receivers and self.is_use(node.iter):
            self.seen.add(id(node.iter))

    def visit_Attribute(self, node: cst.Attribute) -> None:
        if self.is_use(node) and (id(node) not in self.seen or self.depth > 1):
            self.escapes = True
