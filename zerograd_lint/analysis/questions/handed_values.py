"""Whether a function hands back only what its caller handed it: every value it returns carries an autograd graph
from its parameters alone (a slice of a batch it is given, a mask of it, a list of its texts), or none at all (a new
tensor, a constant, `None`), never from anything it reads elsewhere (its `self`, a global) or calls (a model, a
function of the project).

A call of such a function runs no forward pass of its own: what its value carries is what its arguments carry, which
the caller's sources follow (`facts.forward_feeds`). ParlAI's `self.vectorize(observations)` returns `None`s early,
else index tensors it makes and lists of candidate tensors and texts it fills with `append`; mammoth's
`self.discard_unsupervised_labels(inputs, labels)` returns `inputs[mask], labels[mask]`.

Each local name is read through every binding it has in the function, wherever it is (an assignment, an augmented
one, a `for` target or a comprehension's, a `with` target, a value put into it by `append`/`extend`/`insert` or by an
assignment to one of its items): flow-insensitive, so a name is what any of its bindings may make it.
"""

from __future__ import annotations

import builtins

import libcst as cst

from zerograd_lint.analysis.ir.file_scope import for_one_file
from zerograd_lint.analysis.ir.index import ModuleIndex
from zerograd_lint.analysis.ir.inlining import bindings
from zerograd_lint.analysis.ir.names import decorated, dotted_name
from zerograd_lint.analysis.ir.visiting import visit
from zerograd_lint.analysis.ir.vocabulary import (
    GRAPH_CUTTING_METHODS,
    NEW_TENSOR_METHODS,
    TENSOR_CLASSES,
    TENSOR_FACTORIES,
    described,
)

# Methods that put their arguments into the container they are called on.
PUTTING_METHODS = frozenset({"append", "extend", "insert", "add", "appendleft", "update", "setdefault"})
# Libraries whose values hold no autograd graph (a tensor handed to them raises where it requires grad).
GRAPHLESS_LIBRARIES = frozenset({"numpy", "math", "random", "string", "re"})
CONSTANTS = (cst.Integer, cst.Float, cst.Imaginary, cst.SimpleString, cst.ConcatenatedString, cst.FormattedString, cst.Ellipsis)
BUILTIN_NAMES = frozenset(dir(builtins))


@for_one_file
def returns_only_handed(index: ModuleIndex, function: cst.FunctionDef) -> bool:
    """Whether `function` of the module `index` returns something, and only what its parameters carry or nothing that
    carries a graph (see the module's docstring). A method's `self` (a `cls`) is not handed: the instance's state may
    hold a forward's output (`self.fake_B`)."""
    values = index.returned_values(function)
    if not values:
        return False
    handed = HandedValues(index, function)
    return all(handed.carries_only_handed(value) for value in values)


class HandedValues:
    """The names of one function, each with every value bound to it there, and what those values carry."""

    def __init__(self, index: ModuleIndex, function: cst.FunctionDef) -> None:
        self.imports = index.imports
        collector = _Bindings(function)
        self.bindings = collector.values
        self.unknown = collector.unknown
        parameters = [*function.params.posonly_params, *function.params.params]
        owner = index.owner_class(function)
        instance = owner is not None and index.methods_of.get(owner, {}).get(function.name.value) is function and not decorated(function, "staticmethod")
        self.handed = {p.name.value for p in parameters[1 if instance else 0 :]} | {p.name.value for p in function.params.kwonly_params}
        self.handed |= {
            star.name.value for star in (function.params.star_arg, function.params.star_kwarg) if isinstance(star, cst.Param)
        }
        self.answers: dict[str, bool] = {}
        self.visiting: set[str] = set()

    def carries_only_handed(self, node: cst.BaseExpression) -> bool:
        if isinstance(node, CONSTANTS):
            return True
        if isinstance(node, cst.Name):
            return self.name_carries_only_handed(node.value)
        if isinstance(node, cst.Attribute):
            return self.carries_only_handed(node.value)
        if isinstance(node, cst.Subscript):
            return self.carries_only_handed(node.value)
        if isinstance(node, (cst.BinaryOperation, cst.BooleanOperation)):
            return self.carries_only_handed(node.left) and self.carries_only_handed(node.right)
        if isinstance(node, cst.UnaryOperation):
            return self.carries_only_handed(node.expression)
        if isinstance(node, cst.Comparison):
            return self.carries_only_handed(node.left) and all(self.carries_only_handed(c.comparator) for c in node.comparisons)
        if isinstance(node, cst.IfExp):
            return self.carries_only_handed(node.body) and self.carries_only_handed(node.orelse)
        if isinstance(node, (cst.Tuple, cst.List, cst.Set)):
            return all(self.carries_only_handed(element.value) for element in node.elements)
        if isinstance(node, cst.Dict):
            return all(self.carries_only_handed(element.value) for element in node.elements)
        if isinstance(node, (cst.ListComp, cst.SetComp, cst.GeneratorExp)):
            return self.carries_only_handed(node.elt)  # its targets are bound to what they iterate
        if isinstance(node, cst.DictComp):
            return self.carries_only_handed(node.value)
        if isinstance(node, cst.Call):
            return self.call_carries_only_handed(node)
        return False

    def name_carries_only_handed(self, name: str) -> bool:
        if name in self.unknown:
            return False
        values = self.bindings.get(name, [])
        if name not in self.handed and not values:
            return name in {"None", "True", "False"} or self.graphless_import(name)
        if name in self.visiting:
            return True  # read again while it is answered (`total = total + x`): no other source there
        if name not in self.answers:
            self.visiting.add(name)
            answer = all(self.carries_only_handed(value) for value in values)
            self.visiting.discard(name)
            if not answer or not self.visiting:  # a true answer inside another name's leans on that one's
                self.answers[name] = answer
            return answer
        return self.answers[name]

    def call_carries_only_handed(self, call: cst.Call) -> bool:
        """A new tensor (`torch.LongTensor(tokens)`, `x.new_zeros(n)`), a value cut from its graph (`x.item()`), a
        graphless library's, or a built-in's, torch's or a method's of a value carrying only what is handed, on
        arguments that do too."""
        func = call.func
        callee = dotted_name(func) or ""
        method = func.attr.value if isinstance(func, cst.Attribute) else None
        origin = self.origin(callee)
        if method in NEW_TENSOR_METHODS | GRAPH_CUTTING_METHODS or origin.partition(".")[0] in GRAPHLESS_LIBRARIES:
            return True
        if described(origin) and origin.rsplit(".", 1)[-1] in TENSOR_FACTORIES | TENSOR_CLASSES:
            return True
        arguments = all(self.carries_only_handed(argument.value) for argument in call.args)
        if isinstance(func, cst.Name):
            return arguments and func.value in BUILTIN_NAMES and func.value not in self.bindings and func.value not in self.handed
        if method is None:
            return False
        return arguments and (described(origin) or self.carries_only_handed(func.value))

    def origin(self, callee: str) -> str:
        """What a dotted callee names, by the module's imports (`F.relu` -> `torch.nn.functional.relu`); empty where
        its first name is not an import, or is bound in the function."""
        root, dot, rest = callee.partition(".")
        imported = self.imports.get(root) if root not in self.bindings and root not in self.handed else None
        return f"{imported}{dot}{rest}" if imported else ""

    def graphless_import(self, name: str) -> bool:
        """An import of torch or of a graphless library (`torch.float32` read through `torch`)."""
        origin = self.origin(name)
        return bool(origin) and (described(origin) or origin.partition(".")[0] in GRAPHLESS_LIBRARIES)


class _Bindings(cst.CSTVisitor):
    """Every value bound to each local name of one function (not of the functions and classes it defines): what its
    statements bind (`inlining.Bindings`), and what its expressions do (`:=`, a comprehension's target, a value put
    into a container); and the names bound in ways not read (`global`, an import, a nested def, an exception caught)."""

    def __init__(self, root: cst.FunctionDef) -> None:
        self.values: dict[str, list[cst.BaseExpression]] = {}
        statements = bindings(root)
        self.unknown = statements.opaque | statements.declared_elsewhere
        for target, value in statements.values:
            self.bind(target, value)
        visit(root.body, self)

    def visit_FunctionDef(self, node: cst.FunctionDef) -> bool:
        return False

    def visit_ClassDef(self, node: cst.ClassDef) -> bool:
        return False

    def visit_Lambda(self, node: cst.Lambda) -> bool:
        return False

    def visit_NamedExpr(self, node: cst.NamedExpr) -> None:
        self.bind(node.target, node.value)

    def visit_CompFor(self, node: cst.CompFor) -> None:
        self.bind(node.target, node.iter)

    def visit_Call(self, node: cst.Call) -> None:
        func = node.func
        if isinstance(func, cst.Attribute) and func.attr.value in PUTTING_METHODS and isinstance(func.value, cst.Name):
            for argument in node.args:
                self.add(func.value.value, argument.value)

    def bind(self, target: cst.BaseExpression, value: cst.BaseExpression) -> None:
        if isinstance(target, cst.Name):
            self.add(target.value, value)
        elif isinstance(target, (cst.Tuple, cst.List)):
            for element, item in unpacked(target, value):
                self.bind(element, item)
        elif isinstance(target, (cst.Subscript, cst.Attribute)):
            holder = target.value
            while isinstance(holder, (cst.Subscript, cst.Attribute)):
                holder = holder.value
            if isinstance(holder, cst.Name):
                self.add(holder.value, value)  # `xs[i] = v`, `box.x = v`: the holder now holds `v`
        elif isinstance(target, cst.StarredElement):
            self.bind(target.value, value)

    def add(self, name: str, value: cst.BaseExpression) -> None:
        self.values.setdefault(name, []).append(value)


def unpacked(target: cst.Tuple | cst.List, value: cst.BaseExpression) -> list[tuple[cst.BaseExpression, cst.BaseExpression]]:
    """Each name of an unpacking target with what it is bound to: its element of a display of as many, else the
    whole value (`x, y = batch`: each carries what `batch` does)."""
    values = value.elements if isinstance(value, (cst.Tuple, cst.List)) else None
    starred = any(isinstance(element, cst.StarredElement) for element in (*target.elements, *(values or ())))
    if values is not None and len(values) == len(target.elements) and not starred:
        return [(element.value, item.value) for element, item in zip(target.elements, values)]
    return [(element.value, value) for element in target.elements]
