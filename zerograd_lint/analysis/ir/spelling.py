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

from dataclasses import dataclass
from typing import Callable

import libcst as cst

from zerograd_lint.analysis.ir.names import code_of
from zerograd_lint.analysis.ir.roles import Resolver


@dataclass(frozen=True, eq=False)
class Namespace:
    resolver: Resolver  # the function's, under the inlined call that runs it
    reads: Callable[[str], bool]  # whether Python lets the code there read a name

    def spelling(self, key: str, written: cst.BaseExpression | None = None) -> str | None:
        """The expression that names the object `key` here: `written`, the code's own expression for it where it has
        one (`opt` of `for opt in optimizers: opt.step()`; `self.optimizer`, keyed by the `__init__` parameter it was
        set from); else the parameter (or a closure's free name) a caller's argument is bound to; else the key
        itself where it names the same object here. None where nothing here is bound to it (a construction handed
        in, `self.optimizer` outside the class)."""
        if written is not None and self.names(written, key):
            return code_of(written)
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
        renamed = Renamed(lambda name: into.spelling(self.resolver.canonical(cst.Name(name))))
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
    """`self` of `self.optimizers[0]`; None when the chain starts with anything but a name."""
    while isinstance(expression, (cst.Attribute, cst.Subscript)):
        expression = expression.value
    return expression.value if isinstance(expression, cst.Name) else None
