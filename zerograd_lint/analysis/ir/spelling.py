"""How the code at one place writes an object: the inverse of `Resolver.canonical`.

Under inlining an object is keyed as the outermost code that names it writes it: the
`optimizer` of `def train(model, optimizer)` called as `train(model, opt)` is `opt`, and called
as `train(model, torch.optim.SGD(...))` it is that call. One key per object lets every event
about it meet in the data flow; but a report, and a line a fix inserts, are read in one place of
the code, where the object may have another name, or none. A `Namespace` is what the code at
one place sees: the resolver that binds its names to keys, and which names Python lets it read
(not a caller's locals, nor the `self` of a method it calls, nor the parameter of `__init__` that
`self.optimizer = optimizer` keys the attribute by).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Callable

import libcst as cst

from zerograd_lint.analysis.ir.names import code_of
from zerograd_lint.analysis.ir.roles import Resolver, loop_elements


CONSTANT_NAMES = frozenset({"None", "True", "False"})


@dataclass(frozen=True, eq=False)
class Namespace:
    resolver: Resolver  # the function's, under the inlined call that runs it
    reads: Callable[[str], bool]  # whether Python lets the code there read a name
    # An element of a collection is keyed as the collection (`opt` of `for opt in optimizers:` is `optimizers`):
    # the `for` statements around the place, innermost first, name the elements there; `iterated`, what the
    # function's `for` statements iterate, says which names are such collections.
    loops: tuple[cst.For, ...] = ()
    iterated: tuple[cst.BaseExpression, ...] = ()

    def inside(self, loop: cst.For) -> Namespace:
        """The same code's names in the body of `loop`."""
        return replace(self, loops=(loop, *self.loops))

    def same_code(self, other: Namespace) -> bool:
        """Whether both places are in one function under one inlined call (whatever loops are around each)."""
        return self.reads is other.reads

    def spelling(self, key: str, written: cst.BaseExpression | None = None, element: bool = False) -> str | None:
        """The expression that names the object `key` here: `written`, the code's own expression for it where it has
        one (`opt` of `opt.step()`; `self.optimizer`, keyed by the `__init__` parameter it was set from); else the
        target of a loop around that binds an element of the collection keyed `key` (`scaler` of `for scaler,
        optimizer in zip(scalers, optimizers):`); else the parameter (or a closure's free name) a caller's argument
        is bound to, or the key itself where it names the same object here, unless that is the collection where
        the key stands for one of its elements (`element`, or the code here iterates a collection keyed `key`): then
        only a parameter handed an element of it. None where nothing here is bound to it (a construction handed in,
        `self.optimizer` outside the class, `optimizers` outside a loop over it)."""
        if written is not None and self.names(written, key):
            return code_of(written)
        looped = self.element(key)
        if looped is not None:
            return looped
        if element or any(self.resolver.canonical(collection) == key for collection in self.iterated):
            return self.parameter_handed_an_element(key)
        return self.name_for(key)

    def parameter_handed_an_element(self, key: str) -> str | None:
        """The parameter that a caller's loop hands an element of the collection keyed `key` (`step(opt)` in `for opt
        in optimizers:`)."""
        for name, bound in self.resolver.overlay.items():
            caller, argument = self.resolver.arguments.get(name, (None, None))
            if bound == key and caller is not None and caller.collection_of(argument) is not None:
                return name
        return None

    def element(self, key: str) -> str | None:
        """The name a loop around binds to each element of the collection keyed `key`, the innermost first (a name
        an inner loop binds again is that loop's)."""
        shadowed: set[str] = set()
        for loop in self.loops:
            elements = loop_elements(loop.target, loop.iter)
            found = next(
                (name for name, collection in elements.items() if name not in shadowed and self.resolver.canonical(collection) == key), None
            )
            if found is not None:
                return found
            shadowed |= elements.keys()
        return None

    def name_for(self, key: str) -> str | None:
        """The parameter (or a closure's free name) a caller's argument keyed `key` is bound to here, else the key
        itself where it names the same object here."""
        for name, bound in self.resolver.overlay.items():
            if bound == key:
                return name
        expression = plain_expression(key)
        return key if expression is not None and self.names(expression, key) else None

    def translated(self, expression: str, into: Namespace) -> str | None:
        """An expression as this code writes it (`accum_steps`), as the code `into` reads writes it (`accum`, the
        parameter it is handed to there); None where one of its names has no name there."""
        try:
            tree = cst.parse_expression(expression)
        except (cst.ParserSyntaxError, SyntaxError, ValueError):
            return None
        renamed = Renamed(lambda name: into.name_for(self.resolver.canonical(cst.Name(name))))
        found = tree.visit(renamed)
        return code_of(found) if renamed.complete else None

    def names(self, expression: cst.BaseExpression, key: str) -> bool:
        """Whether a name, attribute or subscript of one reads here, and evaluates to the object `key`."""
        base = base_name(expression)
        return base is not None and self.reads(base) and self.resolver.canonical(expression) == key


class Renamed(cst.CSTTransformer):
    """Each name an expression reads (not an attribute's, not a keyword's) as `rename` spells it; `complete`: every
    one had a spelling."""

    def __init__(self, rename: Callable[[str], str | None]) -> None:
        self.rename = rename
        self.complete = True
        self.inside_label = 0  # inside `x.attr`'s `attr` or `f(keyword=...)`'s `keyword`

    def visit_Attribute_attr(self, node: cst.Attribute) -> None:
        self.inside_label += 1

    def leave_Attribute_attr(self, node: cst.Attribute) -> None:
        self.inside_label -= 1

    def visit_Arg_keyword(self, node: cst.Arg) -> None:
        self.inside_label += 1

    def leave_Arg_keyword(self, node: cst.Arg) -> None:
        self.inside_label -= 1

    def leave_Name(self, original_node: cst.Name, updated_node: cst.Name) -> cst.BaseExpression:
        if self.inside_label:
            return updated_node
        spelled = self.rename(original_node.value)
        if spelled is None:
            self.complete = False
            return updated_node
        return cst.parse_expression(spelled)


def plain_expression(key: str) -> cst.BaseExpression | None:
    """The key as an expression (`names` takes only a name, an attribute or a subscript of one: never a call,
    which would build another object)."""
    try:
        return cst.parse_expression(key)
    except (cst.ParserSyntaxError, SyntaxError, ValueError):
        return None


def base_name(expression: cst.BaseExpression) -> str | None:
    """`self` of `self.optimizers[0]`; None when the chain starts with anything but a name (`None`, a constant, names
    no object: the key of a helper's parameter handed `None` that the helper binds to an optimizer of its own)."""
    while isinstance(expression, (cst.Attribute, cst.Subscript)):
        expression = expression.value
    return expression.value if isinstance(expression, cst.Name) and expression.value not in CONSTANT_NAMES else None
