"""What a function puts into a dict, when it shows every entry the dict holds at a point: the values of a display it
binds the dict to, with the entries it writes since (`losses = {}; losses["ce"] = ce / n`), or the values a loop over
the dict's own keys writes under each of them, replacing every entry the dict came with (`for key, value in
loss_dict.items(): report.losses[key] = value / n`), with the entries written besides. A name bound once to the dict,
or the dict bound once to a name or attribute, is the same dict (`loss_dict = report.losses`). Read in the function's
text up to the point, flow-insensitively as the loss's other questions are; a dict the function changes otherwise (an
`update`, an entry added to in place) or did not write in full is not known whole."""

from __future__ import annotations

from dataclasses import dataclass

import libcst as cst

from zerograd_lint.analysis.ir.names import dotted_name
from zerograd_lint.analysis.ir.visiting import nodes_of, visit

# Methods that put entries into a dict without naming them (`losses.update(extra)`): its entries are not all shown.
UNSHOWN_WRITES = frozenset({"update", "setdefault", "__setitem__", "__ior__"})


@dataclass(frozen=True)
class MappingLoop:
    """What a loop (or a comprehension) takes from a dict: `key` and `value` of `for key, value in d.items():`, `value`
    of `for value in d.values():`, `key` of `for key in d:` or `d.keys()`."""

    mapping: str
    key: str | None
    value: str | None


def mapping_loop(target: cst.BaseExpression, iterable: cst.BaseExpression) -> MappingLoop | None:
    """The dict a loop's target takes keys or values of, and the names it binds them to, also numbered
    (`for i, (key, value) in enumerate(d.items()):`); None for any other loop."""
    inner = numbered(target, iterable)
    if inner is not None:
        return mapping_loop(*inner)
    method = None
    if isinstance(iterable, cst.Call) and isinstance(iterable.func, cst.Attribute) and not iterable.args:
        method, iterable = iterable.func.attr.value, iterable.func.value  # `d.items()`: the method, of `d`
    mapping = dotted_name(iterable)
    if mapping is None:
        return None
    if method == "items" and isinstance(target, cst.Tuple) and len(target.elements) == 2:
        key, value = (e.value.value if isinstance(e.value, cst.Name) else None for e in target.elements)
        return MappingLoop(mapping, key, value)
    if not isinstance(target, cst.Name):
        return None
    if method == "values":
        return MappingLoop(mapping, None, target.value)
    return MappingLoop(mapping, target.value, None) if method in {None, "keys"} else None


def numbered(target: cst.BaseExpression, iterable: cst.BaseExpression) -> tuple[cst.BaseExpression, cst.BaseExpression] | None:
    """`item` and `items` of `for i, item in enumerate(items):`: each element of the one argument, as it is, numbered."""
    if not (
        isinstance(iterable, cst.Call) and dotted_name(iterable.func) == "enumerate" and len(iterable.args) == 1
        and iterable.args[0].keyword is None and isinstance(target, cst.Tuple) and len(target.elements) == 2
    ):
        return None
    return target.elements[1].value, iterable.args[0].value


@dataclass(frozen=True)
class Written:
    """A value written into the dict (`value` of `d[k] = value`; the statement itself for `d[k] /= n`), and, where a
    loop over the dict's own keys writes it, the name that loop binds to the entry as it came (`value` of `for key,
    value in d.items():`), so that an entry written back as it came is told from one written anew."""

    value: cst.CSTNode
    came_as: str | None = None


def every_entry(function: cst.FunctionDef, mapping: str, point: cst.CSTNode) -> tuple[Written, ...] | None:
    """Every value the dict `mapping` holds at `point` (a node of `function`), as the function wrote it before that
    point in its text; None where the function does not show them all."""
    names = _Names(function)
    visit(function, names)
    aliases = same_dict(mapping, names)
    if aliases is None:
        return None
    writes = _Writes(function, aliases, point)
    visit(function, writes)
    if writes.unshown:
        return None
    if writes.rewritten:
        return tuple(writes.written)
    origins = [value for name in aliases for value in names.bound.get(name, ()) if source_of(value) not in aliases]
    display = display_values(origins[0]) if len(origins) == 1 and origins[0] is not None else None
    return None if display is None else (*(Written(value) for value in display), *writes.written)


def same_dict(mapping: str, names: _Names) -> frozenset[str] | None:
    """The names of one dict: `mapping`, the names bound once to one of them, and the name or attribute one of them is
    bound once to (`report.losses` of `loss_dict = report.losses`, where the function binds neither `report.losses`
    nor `report`); None where one of them is bound more than once (which dict it is depends on the path)."""
    aliases = {mapping}
    grown = True
    while grown:
        if any(len(names.bound.get(name, ())) > 1 for name in aliases):
            return None
        found = {name for name, values in names.bound.items() if len(values) == 1 and source_of(values[0]) in aliases}
        found |= {
            source for name in aliases if len(values := names.bound.get(name, ())) == 1
            and (source := source_of(values[0])) is not None and not any(part in names.bound for part in bases_of(source))
        }
        grown = not found <= aliases
        aliases |= found
    return frozenset(aliases)


def source_of(value: cst.BaseExpression | None) -> str | None:
    """The name or attribute a binding's value reads, where it is one (`report.losses`)."""
    return dotted_name(value) if value is not None else None


def bases_of(dotted: str) -> list[str]:
    """`report` of `report.losses`: the objects an attribute is read from, a rebinding of which changes the dict."""
    parts = dotted.split(".")
    return [".".join(parts[:i]) for i in range(1, len(parts))]


def display_values(value: cst.BaseExpression) -> list[cst.BaseExpression] | None:
    """The values of a dict display (`{}`, `{"ce": ce}`, `dict(ce=ce)`); None for anything else, or a display that
    unpacks another dict (`{**base, "ce": ce}`)."""
    if isinstance(value, cst.Dict):
        elements = value.elements
        return [e.value for e in elements if isinstance(e, cst.DictElement)] if all(isinstance(e, cst.DictElement) for e in elements) else None
    if isinstance(value, cst.Call) and dotted_name(value.func) == "dict" and all(arg.keyword is not None for arg in value.args):
        return [arg.value for arg in value.args]
    return None


class _Names(cst.CSTVisitor):
    """The values the function binds each name and attribute to (`loss_dict = report.losses`); a binding that shows no
    one value (a loop's target, `with ... as`, `+=`, a name a tuple unpacks) counts as one more, of no value (None)."""

    def __init__(self, function: cst.FunctionDef) -> None:
        self.function = function
        self.bound: dict[str, list[cst.BaseExpression | None]] = {}

    def visit_FunctionDef(self, node: cst.FunctionDef) -> bool:
        return node is self.function

    def visit_Lambda(self, node: cst.Lambda) -> bool:
        return False

    def visit_Assign(self, node: cst.Assign) -> None:
        for target in node.targets:
            self.bind(target.target, node.value)

    def visit_AnnAssign(self, node: cst.AnnAssign) -> None:
        if node.value is not None:
            self.bind(node.target, node.value)

    def visit_AugAssign(self, node: cst.AugAssign) -> None:
        self.bind(node.target, None)

    def visit_For(self, node: cst.For) -> None:
        self.bind(node.target, None)

    def visit_AsName(self, node: cst.AsName) -> None:
        self.bind(node.name, None)

    def bind(self, target: cst.BaseExpression, value: cst.BaseExpression | None) -> None:
        if isinstance(target, (cst.Tuple, cst.List)):
            for element in target.elements:
                self.bind(element.value, None)  # unpacked: no one value
            return
        name = dotted_name(target)
        if name is not None:
            self.bound.setdefault(name, []).append(value)


class _Writes(cst.CSTVisitor):
    """The entries the function writes into the dict (under any of its names) before the point (a call or an
    augmented assignment of the function), in its text order; whether a loop over its own keys writes each of them
    (`rewritten`); whether it changes it in a way that shows no entry (`unshown`: `d.update(other)`, `d[k] += x`)."""

    def __init__(self, function: cst.FunctionDef, aliases: frozenset[str], point: cst.CSTNode) -> None:
        self.function = function
        self.aliases = aliases
        self.point = point
        self.passed = False  # the point is met: nothing written from there on counts
        # The `for` loops around, innermost last: what each takes from the dict (None: no loop over it), and the
        # statements its body runs on every pass.
        self.loops: list[tuple[MappingLoop | None, tuple[cst.CSTNode, ...]]] = []
        self.written: list[Written] = []
        self.rewritten = False
        self.unshown = False

    def visit_FunctionDef(self, node: cst.FunctionDef) -> bool:
        return node is self.function

    def visit_Lambda(self, node: cst.Lambda) -> bool:
        return False

    def visit_For(self, node: cst.For) -> None:
        loop = mapping_loop(node.target, node.iter)
        self.loops.append((loop if loop is not None and loop.mapping in self.aliases else None, every_pass(node.body)))

    def leave_For(self, original_node: cst.For) -> None:
        self.loops.pop()

    def leave_Assign(self, original_node: cst.Assign) -> None:
        """Noted when left: an assignment that holds the point writes after it."""
        for target in original_node.targets:
            if self.entry_of(target.target):
                came_as = self.rewriting(target.target, original_node)
                self.note(Written(original_node.value, came_as.value if came_as is not None else None), came_as is not None)

    def visit_AugAssign(self, node: cst.AugAssign) -> None:
        self.passed = self.passed or node is self.point

    def leave_AugAssign(self, original_node: cst.AugAssign) -> None:
        if not self.entry_of(original_node.target):
            return
        if isinstance(original_node.operator, (cst.DivideAssign, cst.MultiplyAssign)):
            self.note(Written(original_node), self.rewriting(original_node.target, original_node) is not None)
        elif not self.passed:
            self.unshown = True  # `d[k] += x`: added to an entry as it was, which is not shown

    def visit_Call(self, node: cst.Call) -> None:
        self.passed = self.passed or node is self.point
        func = node.func
        if not self.passed and isinstance(func, cst.Attribute) and func.attr.value in UNSHOWN_WRITES and dotted_name(func.value) in self.aliases:
            self.unshown = True

    def entry_of(self, target: cst.BaseExpression) -> bool:
        return isinstance(target, cst.Subscript) and dotted_name(target.value) in self.aliases

    def note(self, written: Written, rewrites: bool) -> None:
        if not self.passed:
            self.written.append(written)
            self.rewritten = self.rewritten or rewrites

    def rewriting(self, target: cst.BaseExpression, statement: cst.CSTNode) -> MappingLoop | None:
        """The loop over the dict's own keys that writes `d[key]` on every pass, `key` the key it takes: the
        innermost loop around."""
        if not self.loops:
            return None
        loop, statements = self.loops[-1]
        written = loop is not None and loop.key is not None and key_name(target) == loop.key
        return loop if written and any(statement is s for s in statements) else None


def every_pass(body: cst.BaseSuite) -> tuple[cst.CSTNode, ...]:
    """The small statements a loop's body runs on every pass: those of its own lines, under no test, in a body that
    never leaves a pass early (a `continue` or `break` anywhere in it may skip them)."""
    if nodes_of(body, (cst.Continue, cst.Break)):
        return ()
    if isinstance(body, cst.SimpleStatementSuite):
        return tuple(body.body)
    return tuple(small for line in body.body if isinstance(line, cst.SimpleStatementLine) for small in line.body)


def key_name(target: cst.BaseExpression) -> str | None:
    """`key` of `d[key]`."""
    if not (isinstance(target, cst.Subscript) and len(target.slice) == 1 and isinstance(target.slice[0].slice, cst.Index)):
        return None
    key = target.slice[0].slice.value
    return key.value if isinstance(key, cst.Name) else None
